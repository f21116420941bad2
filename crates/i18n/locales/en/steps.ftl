# What each step of an effect asks (and the engine's own questions), by the
# step's stable id (crates/rules/src/step.rs): message `step-` and the id with
# `.` and `_` made `-` (`step_id` in crates/i18n, `stepId` in web/i18n.js).
# Rewording a step here renames nothing; a new step needs a line in every
# language (the tests check).

## etherweave

step-etherweave-paradox-worm-swap = one of your non-legendary pieces may trade squares with an enemy piece of the same rank
step-etherweave-paradox-worm-warp-upgrade = upgrade a common piece of an opponent
step-etherweave-paradox-worm-warp-discard = you may discard your pending being (option 1)
step-etherweave-lesser-shadow-twin-pick = choose one of your pieces: up to 2 common pieces next to it may be destroyed
step-etherweave-lesser-shadow-twin-destroy = you may destroy a common piece next to the chosen piece
step-etherweave-lesser-shadow-twin-warp-upgrade = upgrade one of your common pieces
step-etherweave-greater-shadow-twin-warp-upgrade = upgrade one of your common pieces
step-etherweave-translocationist-swap = one of your heroic pieces may trade squares with one of your common pieces
step-etherweave-antimatter-spirit-warp-place = linked: choose the empty colorless square and the way your new piece moves
step-etherweave-antimatter-spirit-warp-opponent = choose the opponent whose common piece moves the opposite way
step-etherweave-merchant-of-time-leap = the piece kept on the Merchant of Time makes a standard leap to a colorless square
step-etherweave-merchant-of-time-warp-lift = lift a piece off a colorless square onto the Merchant of Time
step-etherweave-gate-of-oblivion-destroy = you may destroy a non-legendary piece on a red square
step-etherweave-time-traveler-destroy = you may destroy a common piece next to the Time Traveler (then your discard pile's top card goes on your deck)
step-etherweave-greater-shadow-twin-destroy = you may destroy a heroic piece next to at least 2 of your pieces
step-etherweave-warpmaster-return-or-move = you may take your pending being back into your hand (option 1), or the Warpmaster may make a standard move
step-etherweave-dark-sphere-move = a non-legendary piece may make a combat move ending 2 squares from the Dark Sphere
step-etherweave-void-summoner-warp-move = one of your non-legendary pieces makes a standard move
step-etherweave-eternal-emperor-carry-out = you may carry out the warp effect: place a common piece, or one of your pieces moves
step-etherweave-eternal-emperor-warp-place-or-move = place a common piece on an empty square, or one of your pieces moves
step-etherweave-reality-patch-destroy = you may destroy a heroic piece of this opponent
step-etherweave-reality-patch-discard-pending = you may discard your pending being (option 1)
step-etherweave-reality-patch-discard-card = you may discard a card from your hand
step-etherweave-polarity-queen-move = linked: one of your pieces makes a combat move (another then moves the opposite way)
step-etherweave-polarity-queen-move-opposite = another of your pieces makes a combat move the opposite way
step-etherweave-polarity-queen-warp-place = place a common piece on an empty square next to an enemy piece
step-etherweave-singularity-square = choose an empty colorless square: the common pieces next to it move onto it
step-etherweave-singularity-next = choose the next common piece to move onto the square
step-etherweave-ziggurat-sentinel-copy-or-move = copy the warp effect of a card in your discard pile, or the Ziggurat Sentinel may make a combat move along its arrow
step-etherweave-ziggurat-sentinel-move-again = the Ziggurat Sentinel may make another combat move along its arrow
step-etherweave-ziggurat-sentinel-warp-move = one of your non-legendary pieces makes a combat move, or the first of 2 standard moves
step-etherweave-ziggurat-sentinel-warp-second-move = the piece may make a second standard move
step-etherweave-iris-of-eternity-destroy-or-upgrade = you may destroy a legendary piece next to the Iris, or upgrade the Iris (choose its square)

## everfrost

step-everfrost-snow-fox-move = the Snow Fox may make a standard move
step-everfrost-royal-reindeer-leap = the Royal Reindeer may make a combat leap to a square exactly 2 away
step-everfrost-crystal-mirror-pick = choose a heroic piece or a common piece on a yellow square to mirror
step-everfrost-crystal-grower-upgrade = upgrade a common piece of this opponent
step-everfrost-crystal-grower-frozen-upgrade = upgrade one of your common pieces
step-everfrost-ice-princess-move = another of your common pieces may make a combat move
step-everfrost-ice-queen-move = another of your heroic pieces may make a combat move
step-everfrost-ice-princess-frozen-move = one of your common pieces makes a standard move
step-everfrost-ice-queen-frozen-move = one of your heroic pieces makes a standard move
step-everfrost-winter-whisperer-frozen-destroy = you may destroy one of your common pieces
step-everfrost-winter-whisperer-frozen-discard = you may discard your flare (option 1)
step-everfrost-frozen-chest-freeze = you may freeze a card with a frozen effect from your discard pile
step-everfrost-everfrost-sentinel-downgrade = you may downgrade the Everfrost Sentinel: your opponents then have 1 action fewer next turn
step-everfrost-glacier-giant-move = the Glacier Giant may make a combat move along its arrow
step-everfrost-polar-bear-combat-move = the Polar Bear may make a combat move
step-everfrost-polar-bear-standard-move = the Polar Bear may make a standard move
step-everfrost-polar-bear-move-empty = the Polar Bear may move onto an empty square
step-everfrost-war-sled-move = the War Sled may make a combat move
step-everfrost-frost-imp-slide = a common piece next to the Frost Imp may slide in one direction as far as it can
step-everfrost-ice-wyvern-leap = the Ice Wyvern may make a combat leap anywhere
step-everfrost-ice-wyvern-frozen-place = place a common piece next to one of your heroic pieces
step-everfrost-deathbringer-destroy = you may destroy a piece next to the Deathbringer; it leaves the game
step-everfrost-frostweave-illusionist-color = choose the opponent color the Frostweave Illusionist turns into
step-everfrost-frostweave-illusionist-frozen-convert = convert an enemy common piece into your common piece

## flares

step-flares-place-common = place a common piece on an empty square
step-flares-place-heroic = place a heroic piece on an empty square
step-flares-upgrade = upgrade one of your common pieces
step-flares-convert = convert an enemy common piece
step-flares-standard-moves = make a standard move with one of your common pieces (up to 3 moves)
step-flares-standard-move = make a standard move with one of your common pieces
step-flares-combat-leap = make a combat leap with one of your common pieces
step-flares-standard-and-combat-move = make a standard move and a combat move with your common pieces, in either order
step-flares-combat-or-standard-moves = make a combat move, or up to 2 standard moves, with your non-legendary pieces
step-flares-standard-leap = make a standard leap with one of your common pieces
step-flares-place-or-convert = place a common piece on an empty square, or convert an enemy common piece
step-flares-move-or-upgrade = make a standard move with one of your common pieces, or upgrade one of your common pieces
step-flares-place-or-upgrade = place a common piece on an empty square, or upgrade one of your common pieces

## highland

step-highland-dire-wolf-move = make a combat move with the being
step-highland-wolf-rider-move = make a combat move with the being
step-highland-hungry-bear-move = make a standard move with the being
step-highland-werewolf-combat-move = make a combat move with the being
step-highland-werewolf-standard-move = make a standard move with the being
step-highland-wild-eagle-leap = make a combat leap with the being
step-highland-eagle-lord-leap = make a combat leap with the being
step-highland-clan-axeman-destroy = destroy a non-legendary piece orthogonally adjacent to the Clan Axeman
step-highland-clan-healer-place = place a common piece next to a green square
step-highland-ritual-keeper-upgrade = upgrade one of your common pieces
step-highland-ritual-keeper-move = make a combat move with one of your pieces
step-highland-blood-shaman-destroy = destroy a non-legendary piece
step-highland-war-drummer-move = make a combat move, or the first of 2 standard moves, with one of your other pieces
step-highland-war-drummer-second-move = make a second standard move with one of your other pieces
step-highland-warlord-move = make a combat move with one of your pieces
step-highland-ritual-master-destroy-heroic = destroy a heroic piece
step-highland-ritual-master-destroy-common = destroy a common piece
step-highland-legend-slayer-destroy = destroy a legendary piece, or the first of 2 non-legendary pieces, diagonally adjacent
step-highland-legend-slayer-second-destroy = destroy a second non-legendary piece diagonally adjacent
step-highland-clan-guardian-upgrade = upgrade a common piece on a marked square

## imperial

step-imperial-swordmaster-destroy = destroy an enemy common piece diagonally next to the Swordmaster
step-imperial-messenger-move-on = move the piece on in the same direction, or stop
step-imperial-messenger-move = standard move with one of your non-legendary pieces (fixes the piece and the direction)
step-imperial-herald-move = move one of your pieces onto an adjacent empty square
step-imperial-chronicler-upgrade = upgrade one of your common pieces other than the Chronicler
step-imperial-chronicler-move = standard move with the upgraded piece
step-imperial-assassin-move = move the Assassin onto the empty marked square
step-imperial-summoner-place = place a common piece on an empty marked square
step-imperial-hypnotist-color = choose the enemy color to hypnotize (option 1 red, 2 blue, 3 brown, 4 green)
step-imperial-hypnotist-move = combat move with a hypnotized enemy piece
step-imperial-cannon-aim = choose an arrow to fire the Cannon along
step-imperial-champion-destroy = destroy an enemy piece next to the Champion
step-imperial-infantry-captain-move = combat move with one of your pieces other than the Infantry Captain
step-imperial-cavalry-captain-move-again = move the chosen piece again, or stop
step-imperial-cavalry-captain-move = move one of your pieces other than the Cavalry Captain (it makes all the moves)
step-imperial-gryphon-rider-leap = combat leap with the Gryphon Rider
step-imperial-gryphon-rider-dismount = dismount: downgrade the Gryphon Rider and place a common piece next to her (option 1)
step-imperial-gryphon-rider-place = place a common piece next to the Gryphon Rider
step-imperial-knight-move = move the Knight (combat move, not onto a common piece)
step-imperial-high-priestess-move = standard move with the High Priestess
step-imperial-high-priestess-upgrade = upgrade a common piece next to the High Priestess
step-imperial-master-of-intrigue-move = standard move with the Master of Intrigue, or combat move with a piece used to summon him
step-imperial-gun-tower-aim = choose an arrow to fire the Gun Tower along

## legends

step-legends-fire-dragon-aim = pick the arrow the Fire Dragon breathes along
step-legends-hell-bull-charge = charge with the Hell Bull (combat moves in one direction)
step-legends-angel-of-death-pick = pick a piece for the Angel of Death to upgrade and leap onto
step-legends-the-eldest-tree-square = pick a square adjacent to the Eldest Tree
step-legends-bone-catapult-aim = pick a piece on a line along an arrow for the Bone Catapult to hit
step-legends-fire-elemental-option = option 1: burn adjacent non-legendary enemy pieces; option 2: burn enemy common pieces within distance 2
step-legends-leviathan-option = option 1: downgrade up to 3 connected upgraded pieces; option 2: destroy up to 4 connected common pieces
step-legends-leviathan-downgrade = pick an upgraded piece to downgrade (connected to those picked)
step-legends-leviathan-destroy = pick a common piece to destroy (connected to those picked)
step-legends-two-headed-dragon-upgrade = pick a piece on a marked square to upgrade
step-legends-two-headed-dragon-destroy = pick a heroic piece adjacent to the upgraded piece to destroy
step-legends-earth-elemental-destroy = destroy a non-legendary piece on or next to a red square
step-legends-earth-elemental-upgrade = upgrade a common piece on or next to a green square
step-legends-earth-elemental-move = move the Earth Elemental onto an adjacent red or green square
step-legends-storm-elemental-rank = place a piece near the Storm Elemental: option 1 common, 2 heroic, 3 legendary
step-legends-storm-elemental-place = place the piece on an empty square within distance 3
step-legends-storm-elemental-move = move the placed piece (combat moves in one direction)

## nethervoid

step-nethervoid-shadow-imp-move = the Shadow Imp may make a combat move
step-nethervoid-shadow-imp-gateway-move = the Gateway may make a combat move in the same direction
step-nethervoid-flame-imp-destroy = you may destroy a common piece next to the Gateway
step-nethervoid-gate-keeper-option = you may pick: option 1 upgrade one of your common pieces, option 2 place a common piece on an empty square; that piece becomes the Gateway
step-nethervoid-gate-keeper-upgrade = upgrade one of your common pieces; it becomes the Gateway
step-nethervoid-gate-keeper-place = place a common piece on an empty square; it becomes the Gateway
step-nethervoid-demon-of-gluttony-move = the Demon of Gluttony may make a combat move
step-nethervoid-demon-of-gluttony-second-move = the Demon of Gluttony may make a second combat move
step-nethervoid-demon-of-pride-move = the Demon of Pride may make a combat move
step-nethervoid-acolyte-of-destruction-destroy = destroy a common piece anywhere
step-nethervoid-acolyte-of-destruction-destroy-heroic = the Gateway is on a red square: you may destroy a heroic piece next to that square
step-nethervoid-acolyte-of-growth-place = place a common piece on any empty square
step-nethervoid-acolyte-of-growth-place-heroic = the Gateway is on a green square: place a heroic piece next to that common piece
step-nethervoid-power-seeker-standard-move = the Power Seeker is the Gateway: it may make a standard move
step-nethervoid-power-seeker-combat-move = the Power Seeker may make a combat move nearer to the Gateway
step-nethervoid-hell-hound-destroy = you may destroy a piece next to the Hell Hound
step-nethervoid-vortexmaster-gateway-move = the Gateway may make a combat move
step-nethervoid-vortexmaster-move = one of your pieces next to the Gateway may make a combat move
step-nethervoid-gate-master-gateway = choose one of your non-legendary pieces to be the Gateway
step-nethervoid-hell-rider-move = the Hell Rider may make a combat move
step-nethervoid-demon-of-wrath-move = no enemy common piece is next to the Gateway: it may make a standard move
step-nethervoid-demon-of-greed-destroy-common = destroy one of your common pieces (not the Gateway); gain an action
step-nethervoid-demon-of-greed-destroy-heroic = destroy one of your heroic pieces (not the Gateway); gain an action
step-nethervoid-demon-of-lust-move = a piece may make a combat move nearer to the Gateway (not onto it)
step-nethervoid-demon-of-envy-place = place a common piece next to the Gateway
step-nethervoid-possessed-summoner-color = choose the opponent color of the common piece to place
step-nethervoid-possessed-summoner-place = place the opponent's common piece next to a piece of its color
step-nethervoid-possessed-summoner-discard = you may discard your flare to gain an action (option 1)

## sylvan

step-sylvan-kiskin-farseeders-place = place a common piece next to one of your pieces
step-sylvan-charging-buck-leap = leap the Charging Buck exactly 2 squares (combat leap)
step-sylvan-forest-wardens-destroy-common = destroy a common piece of an opponent with more common pieces than you
step-sylvan-forest-wardens-destroy-heroic = destroy a heroic piece of an opponent with more upgraded pieces than you
step-sylvan-naiad-move = move one of your pieces next to the Naiad (standard move)
step-sylvan-kiskin-spirit-card = put a card from your discard pile on top of your deck
step-sylvan-dryad-convert = convert a non-legendary enemy piece next to the Dryad into your common piece
step-sylvan-centaur-spearman-move = move the Centaur Spearman (combat move)
step-sylvan-centaur-chieftain-move = move the Centaur Chieftain (combat move)
step-sylvan-centaur-chieftain-move-other = move another of your pieces one step in the Chieftain's direction (combat move)
step-sylvan-unicorn-move-or-action = move the Unicorn (combat move), or option 1: gain an action
step-sylvan-sylvan-queen-convert = convert a non-legendary enemy piece on a marked square
step-sylvan-sylvan-princess-convert = convert an enemy common piece on a marked square
step-sylvan-woodland-druid-upgrade-own = upgrade one of your common pieces
step-sylvan-woodland-druid-upgrade-enemy = upgrade one of the opponent's common pieces
step-sylvan-forest-ancient-color = choose the enemy color of the common piece to place
step-sylvan-forest-ancient-place = place an enemy common piece up to 2 squares from the Forest Ancient
step-sylvan-forest-ancient-destroy = destroy a common piece of a placed color up to 3 squares from the Forest Ancient
step-sylvan-kiskin-leafsplitter-aim = choose an arrow: destroy the first piece along it
step-sylvan-kiskin-boughrunner-move = move the Kiskin Boughrunner next to another of your pieces (combat move)
step-sylvan-tree-shepherd-pick = choose one of your pieces
step-sylvan-tree-shepherd-move = move the chosen piece

## frozen

step-frozen-keep = you may keep one frozen card: option 1 the new one, option 2 the one you have (the other is discarded)

## game

step-game-claim = claim one task whose criterion you meet, or skip
step-game-start-piece = put a start piece next to the next start symbol
step-game-improvise = choose the enemy color your improvised summoning uses up (the other piece is the War Summoner's)
step-game-score-unpaired = score 1 point in the color of one of your unpaired common pieces
step-game-score-legend = score 1 point in a color of your choice for the legend you summoned
step-game-teammate-place = place common pieces for your teammate's remaining actions
step-game-placing = place the piece you picked up
