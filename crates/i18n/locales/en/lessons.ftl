# Lessons (crates/learn): a title, a text, and per step a goal and hints.
# Ids: lessons-{id}, lessons-{id}-text, lessons-{id}-{step}-goal,
# lessons-{id}-{step}-hint-{n}.

lessons-placing = Placing pieces
lessons-placing-text = The arena has 69 squares. On your turn you have two actions; the simplest is to place one of your common pieces on an empty square.
lessons-placing-1-goal = Place a common piece on e5, the centre of the board.
lessons-placing-1-hint-1 = Choose "place" and then the square.
lessons-placing-1-hint-2 = e5 is the fifth column, fifth row.

lessons-summoning = Patterns and summoning
lessons-summoning-text = A being is summoned when your pieces form its pattern, turned or mirrored as you like. The being then stands on its summoning square, and its effect resolves.
lessons-summoning-1-goal = Summon the Knight.
lessons-summoning-1-hint-1 = Your commons on d4, e4, f4 and d3 already form the Knight's pattern.
lessons-summoning-1-hint-2 = The Knight's summoning square is e5, just above the row of three.

lessons-destroying = Moves and destroying
lessons-destroying-text = A combat move takes a piece one square, possibly onto an enemy piece of the same or lower rank: that piece is destroyed.
lessons-destroying-1-goal = Destroy the red heroic piece.
lessons-destroying-1-hint-1 = First summon the Knight on e5.
lessons-destroying-1-hint-2 = Then the Knight's combat move onto e6 destroys the red piece.

lessons-upgrading = Upgrading
lessons-upgrading-text = Some effects upgrade a piece: a common piece turns over to its heroic side. A heroic piece is stronger in combat and fits the heroic squares of patterns.
lessons-upgrading-1-goal = Upgrade one of your pieces.
lessons-upgrading-1-hint-1 = The High Priestess is summoned onto your own piece, e5 here.
lessons-upgrading-1-hint-2 = After her move, upgrade the common piece next to her.

lessons-first-turn = The first game: a whole turn
lessons-first-turn-text = A turn is two actions (place, summon or discard) and then its end, when points are counted and the other player begins.
lessons-first-turn-1-goal = Take two actions and end your turn.
lessons-first-turn-1-hint-1 = Place two pieces, for instance on e5 and f5.
lessons-first-turn-1-hint-2 = Then choose "end the turn".

lessons-scoring = The Deathmatch and scoring
lessons-scoring-text = In a Deathmatch you score for the enemy pieces you destroy, counted at the end of your turn.
lessons-scoring-1-goal = Score a point this turn: one action is left.
lessons-scoring-1-hint-1 = Destroying the red heroic piece scores, counted when your turn ends.
lessons-scoring-1-hint-2 = Summon the Knight, destroy the piece on e6, then end your turn.

# The terminal's words around a lesson (crates/cli learn.rs).
lessons-ui-choices = Your choices:
lessons-ui-no-more-hints = No more hints for this step.
lessons-ui-illegal = “{ $choice }” is not a choice you can make here.
lessons-ui-done = Well done: the goal is met.
lessons-ui-again = Your turn is over without the goal: the step starts again.

lessons-legends = Legends
lessons-legends-text = Legends are mighty beings, drawn into your hand from a deck both players share. Their patterns ask for upgraded pieces, and a summoned legend is worth points.
lessons-legends-1-goal = Summon the Titan.
lessons-legends-1-hint-1 = Your two heroic pieces on e5 and e4 and the three commons below them form the Titan's pattern.
lessons-legends-1-hint-2 = Choose the summon of legends.titan.

lessons-high-form = The High Form and its tasks
lessons-high-form-text = In the High Form you score by claiming tasks. Three current tasks lie face up; at the end of your turn you may claim one whose criterion your pieces meet, for its points. Reaching 9 points brings the game to its end.
lessons-high-form-1-goal = Claim the Center Cross task.
lessons-high-form-1-hint-1 = The Center Cross wants your pieces on e5 and on the four squares around it: only e5 is missing.
lessons-high-form-1-hint-2 = Place a piece on e5 and your second one anywhere, end your turn, then claim tasks.center_cross.

lessons-flares = Flares
lessons-flares-text = A flare helps the player who is behind. Once a turn, besides your actions, you may invoke the flare in your hand against an opponent: its upper half if they have enough more upgraded pieces on the board than you, its lower half if they have enough more pieces. The opponent scores a point for it in a Deathmatch.
lessons-flares-1-goal = Invoke your flare against Red.
lessons-flares-1-hint-1 = Red has 6 more pieces on the board than you: the lower half of Flare 01 asks for 6.
lessons-flares-1-hint-2 = Choose "flare r", then place the heroic piece it gives you.

lessons-melee = The melee and team play
lessons-melee-text = In a Deathmatch Melee three or four players fight each other. You score in the color of each opponent whose pieces you destroy, and your final score is your lowest color: strike every opponent, not just one. In team play two teams of two each share one color of pieces, and on your turn you may pass control to your teammate.
lessons-melee-1-goal = Destroy the brown heroic piece.
lessons-melee-1-hint-1 = First summon the Knight on e5.
lessons-melee-1-hint-2 = Then the Knight's combat move onto e6 destroys the brown piece and scores in brown.

lessons-frozen-cards = Frozen cards (Everfrost)
lessons-frozen-cards-text = Some Everfrost beings have a frozen effect besides their usual one. When you summon such a being, its effect resolves and then the card is frozen: it lies face up in front of you instead of going to your discard pile. In the same turn or on any later turn of yours you may thaw it, before or after an action and without spending one: its frozen effect resolves and the card goes to your discard pile. You may keep only one frozen card at a time.
lessons-frozen-cards-1-goal = Summon the Crystal Grower to freeze it.
lessons-frozen-cards-1-hint-1 = Your common pieces on d4 and e4 form the Crystal Grower's pattern; its summoning square is e5.
lessons-frozen-cards-1-hint-2 = Its effect upgrades Blue's piece on g5; then the card is frozen in front of you.
lessons-frozen-cards-2-goal = Thaw the frozen Crystal Grower.
lessons-frozen-cards-2-hint-1 = Thawing costs no action: choose to thaw the frozen Crystal Grower.
lessons-frozen-cards-2-hint-2 = Its frozen effect upgrades one of your common pieces: pick d4 or e4.

lessons-gateway = The Gateway (Nethervoid)
lessons-gateway-text = Nethervoid beings act through the Gateway, one of your common or heroic pieces, marked as such. You start without one: the first Nethervoid being you summon becomes your Gateway. You have at most one; some effects make another piece the Gateway, and once the Gateway is destroyed, the next Nethervoid being you summon takes its place. Effects that speak of the Gateway do nothing while you have none.
lessons-gateway-1-goal = Summon the Flame Imp: it becomes your Gateway.
lessons-gateway-1-hint-1 = Your common pieces on c5 and d4 form the Flame Imp's pattern; its summoning square is e5.
lessons-gateway-1-hint-2 = Its effect, destroying a common piece next to the Gateway, is optional: you may skip it.
lessons-gateway-2-goal = Destroy the blue piece next to your Gateway.
lessons-gateway-2-hint-1 = Your Gateway is on e5 and the blue piece on f6, next to it. The Flame Imp may destroy a common piece next to the Gateway, wherever the Imp itself stands.
lessons-gateway-2-hint-2 = Summon the Flame Imp on d3 with your pieces on b3 and c2, then pick f6.

lessons-warps = Warps (Etherweave)
lessons-warps-text = Many Etherweave beings have a warp effect. On your turn, except your first turn of the game, you may play it from your hand without spending an action and without a pattern: the card goes face up on top of your draw deck as your pending being, and its warp effect resolves. The pending being still counts as a card in your hand, and you may summon it later as usual. You may have only one pending being; one still pending when the game ends costs you 2 points.
lessons-warps-1-goal = Play the Lesser Shadow Twin's warp effect.
lessons-warps-1-hint-1 = A warp effect is played from the hand, not summoned: choose to play the warp effect of the Lesser Shadow Twin.
lessons-warps-1-hint-2 = Its warp effect upgrades one of your common pieces: pick any of them.
lessons-warps-2-goal = Summon your pending being, the Lesser Shadow Twin.
lessons-warps-2-hint-1 = A heroic piece may stand where a pattern shows a common one: your row on d4, e4 and f4 still forms the Lesser Shadow Twin's pattern.
lessons-warps-2-hint-2 = Its summoning square is d5 (or f5, mirrored).
