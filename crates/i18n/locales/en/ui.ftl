# The game's words shared by the terminal client and the page: colors,
# pieces, the log, the choices, the questions, the results.
# Square names (e5), choice texts and card ids are notation: never translated.

## Colors, as the names of their players

color-red = Red
color-blue = Blue
color-brown = Brown
color-green = Green
color-white = White
color-orange = Orange
color-purple = Purple

## Schools and forms

school-northern = Northern Imperial
school-southern = Southern Imperial
school-highland = Highland
school-sylvan = Sylvan
school-everfrost = Everfrost
school-nethervoid = Nethervoid
school-etherweave = Etherweave
form-duel = Deathmatch Duel
form-high-form = High Form
form-first-game = First game
form-melee = Deathmatch Melee
form-team-duel = Team Deathmatch
form-team-high-form = Team High Form

## Pieces and directions

# $rank: common, heroic or legendary
rank = { $rank ->
    [common] common
    [heroic] heroic
   *[legendary] legendary
 }
# $color: the player's name; $c: the color's key (red, blue...) for languages whose adjectives agree
piece = { $color }'s { $rank ->
    [common] common
    [heroic] heroic
   *[legendary] legendary
 } piece
the-piece = the piece
dir = { $dir ->
    [n] north
    [ne] north-east
    [e] east
    [se] south-east
    [s] south
    [sw] south-west
    [w] west
   *[nw] north-west
 }
# a pattern's orientation: $o is r0, r90, r180, r270, m0, m90, m180 or m270
orientation = { $o ->
    [r0] as printed
    [r90] turned right
    [r180] upside down
    [r270] turned left
    [m0] mirrored
    [m90] mirrored, turned right
    [m180] mirrored, upside down
   *[m270] mirrored, turned left
 }
seat-number = seat { $seat }
seat-in-team = { $color } (seat { $seat })
team-name = the { $color } team (seats { $first } and { $second })
list-and = { $first } and { $last }
# a seat with who plays it: $color is the seat's name (its color), $name a person's chosen name, $level a bot's level or spec
seat-player = { $color } ({ $name })
seat-in-team-player = { $color } (seat { $seat }, { $name })
seat-bot = { $color } (bot, { $level ->
    [easy] easy
    [medium] medium
    [hard] hard
    [expert] expert
   *[other] { $level }
 })
seat-in-team-bot = { $color } (seat { $seat }, bot, { $level ->
    [easy] easy
    [medium] medium
    [hard] hard
    [expert] expert
   *[other] { $level }
 })

## The log

event-turn-started = Turn { $number }: { $who }
event-placed = { $piece } placed on { $at }
event-picked-up = { $piece } on { $at } picked up
event-summoned = { $who } summons the { $card } on { $at } ({ $orientation })
event-moved = { $piece } { $how ->
    [leap] leaps
   *[move] moves
 } from { $from } to { $to }
event-upgraded = { $color }'s piece on { $at } upgraded to { $rank ->
    [common] common
    [heroic] heroic
   *[legendary] legendary
 }
event-downgraded = { $color }'s piece on { $at } downgraded to { $rank ->
    [common] common
    [heroic] heroic
   *[legendary] legendary
 }
event-converted = { $from } on { $at } converted into { $to }
event-destroyed = { $piece } on { $at } destroyed
event-scored = { $who } scores { $points ->
    [one] { $points } point
   *[other] { $points } points
 } { $why ->
    [destruction] for destroyed pieces
    [legend] for the legend summoned
    [flare] for the flare invoked against them
    [causality] for the pending being never summoned (causality penalty)
   *[unpaired] for unpaired common pieces
 }
event-scored-in = { $who } scores { $points ->
    [one] { $points } point
   *[other] { $points } points
 } in { $color } { $why ->
    [destruction] for destroyed pieces
    [legend] for the legend summoned
    [flare] for the flare invoked against them
    [causality] for the pending being never summoned (causality penalty)
   *[unpaired] for unpaired common pieces
 }
event-discarded = { $who } discards the { $card }
event-returned = { $who } returns { $count ->
    [one] { $count } card
   *[other] { $count } cards
 } to the bottom of the deck
event-flare-invoked = { $who } invokes the { $card } against { $against } ({ $parts ->
    [both] both parts
    [upper] the upper part
    [lower] the lower part
   *[none] no part
 })
event-drew = { $who } draws { $what }
drew-beings = { $n ->
    [one] { $n } being
   *[other] { $n } beings
 }
drew-legends = { $n ->
    [one] { $n } legend
   *[other] { $n } legends
 }
drew-flares = { $n ->
    [one] { $n } flare
   *[other] { $n } flares
 }
event-task-revealed = Task turned up: { $task }
event-task-claimed = { $who } claims the task { $task } ({ $points ->
    [one] { $points } point
   *[other] { $points } points
 })
event-passed-control = { $who } passes control to { $to }
event-improvised = { $who } uses up { $color } for improvised summoning
event-frozen = { $who } freezes the { $card }
event-kept-frozen = { $who } keeps the frozen { $kept } and discards the { $discarded }
event-thawed = { $who } thaws the frozen { $card }
event-gateway-gained = { $who }'s piece on { $at } becomes the Gateway
event-gateway-lost = { $who }'s Gateway on { $at } is no longer the Gateway
event-warped = { $who } plays the warp effect of the { $card }, now pending
event-pending-returned = { $who } takes the pending { $card } back into the hand
event-pending-discarded = { $who } discards the pending { $card }
event-stored = { $who } lifts { $piece } off { $at } onto the Merchant of Time
event-landed = { $who }: { $piece }, kept on the Merchant of Time, leaps onto { $at }
event-landed-nowhere = { $who }: { $piece }, kept on the Merchant of Time, has no square to land on and goes back to its supply
event-resigned = { $who } resigns
event-turn-ended = { $who }'s turn ends
event-game-over = The game is over

## The choices

choice-draw = draw the { $card }
choice-draw-task = turn up the task { $task }
choice-start-pieces = your start piece on { $at }, the first player's on the other start square
choice-start-piece = a { $color } start piece on { $at }
choice-place = place a common piece on { $at }
choice-pickup = pick up your piece on { $at } to place it elsewhere
choice-summon = summon the { $card } on { $at } ({ $orientation })
# a summoning in a piece shortage: $choice is the summoning's words
choice-taking-up = { $choice }, taking up your piece on { $at }
choice-destroying = { $choice }, destroying { $piece }
choice-discard = discard the { $card }
choice-take = take the { $card }
choice-return = return the { $card } to the bottom of its deck
choice-done = done
choice-flare = invoke the { $card } against { $color }
choice-thaw = thaw the frozen { $card }
choice-warp = play the warp effect of the { $card }
choice-end = end the turn
choice-square = { $at }
choice-square-piece = { $at } ({ $piece })
choice-move = { $piece } from { $from } to { $to }
choice-skip = skip
choice-claim-none = claim no task
choice-claim = claim { $task } ({ $points ->
    [one] { $points } point
   *[other] { $points } points
 })
choice-pass = pass control to your teammate
choice-improvise = use up { $color } for the improvised summoning
choice-point = 1 point in { $color }
option-number = option { $n }
option-color = { $color }
option-gryphon-dismount = dismount: downgrade the Gryphon Rider and place a common piece next to her
option-fire-adjacent = burn adjacent non-legendary enemy pieces
option-fire-distance = burn enemy common pieces within distance 2
option-leviathan-downgrade = downgrade up to 3 connected upgraded pieces
option-leviathan-destroy = destroy up to 4 connected common pieces
option-storm-common = a common piece
option-storm-heroic = a heroic piece
option-storm-legendary = a legendary piece
option-pending-discard = discard your pending being
option-pending-return = take your pending being back into your hand
option-possessed-discard-flare = discard your flare and gain an action
option-gate-keeper-upgrade = upgrade one of your common pieces: it becomes the Gateway
option-gate-keeper-place = place a common piece on an empty square: it becomes the Gateway

## The questions

question-start-pieces = Put the start pieces down: choose the start square for your own piece.
question-start-piece = Put a start piece next to the next start symbol.
question-actions-used = Your actions are used: invoke a flare or end the turn.
question-action = Take an action ({ $n } left): place a piece, summon a being{ $discard ->
    [yes] {" "}or discard one
   *[no] {""}
 }; or invoke a flare.
question-teammate-place = Place common pieces for your teammate's remaining actions.
question-placing = Place the piece you picked up.
question-returning = Return cards from your hand to the bottom of their decks, or say done.
# $step: what the effect's step asks (steps.ftl); $text: the card's whole
# effect, for a step without words
question-effect = { $card }: { $step }.
question-effect-at = { $card } on { $at }: { $step }.
question-effect-text = { $card }: { $text }
question-effect-text-at = { $card } on { $at }: { $text }
question-improvise = Choose the enemy color your improvised summoning uses up (the other piece is the War Summoner's).
question-score-unpaired = Score 1 point in the color of one of your unpaired common pieces.
question-score-legend = Score 1 point in a color of your choice for the legend you summoned.
question-claim = Claim one task whose criterion you meet, or skip.

## The end

result-wins = { $who } wins
result-team-wins = { $team } wins
result-draw = A draw between { $names }
# a melee's places after the first: $place is 2, 3 or 4
result-place = { $place ->
    [2] second
    [3] third
   *[other] fourth
 } { $names }
result-and-places = { $result }; { $places }
result-resigned = { $who } resigned: { $result }
result-time = { $who } ran out of time: { $result }
result-end-score = { $result }: the end score was reached
result-deck-out = { $result }: a deck ran out
score-of = { $who } { $score }
result-with-score = { $result }. Score: { $scores } (end score { $target }).

## Refusals (the game is unchanged)

error-empty-choice = no choice given
error-unknown-choice = "{ $text }" is not a choice
error-bad-square = not a square: "{ $text }"
error-unknown-card = no card has the id "{ $text }"
error-unknown-task = no task has the id "{ $text }"
error-bad-orientation = not an orientation (r0 r90 r180 r270 m0 m90 m180 m270): "{ $text }"
error-bad-direction = not a direction (n ne e se s sw w nw): "{ $text }"
error-bad-color = not a color letter (r b n g w o p): "{ $text }"
error-bad-option = not an option number: "{ $text }"
error-arity = { $text }: wrong number of words
error-resign-not-a-choice = resigning is not a choice: resign on its own
error-game-over = the game is over
error-illegal = { $choice } is not a legal choice now
error-illegal-nearest = { $choice } is not a legal choice now (nearest legal: { $nearest })
error-not-your-turn = it is not your turn to choose
error-no-such-seat = there is no seat { $seat } at this table
error-wrong-phase = { $choice } is not a legal choice now: it does not answer what is being decided
error-nothing-to-take-back = nothing to take back (not past the end of a turn, a draw or a claimed task, nor another player's choice)
error-cannot-resign = nobody may resign in this form

## The log, one line a record entry: $who is a seat's name

log-choice = { $who }: { $choice }
log-chance = { $choice }
log-draw-hidden = { $who } draws { $deck ->
    [legend] a legend
    [flare] a flare
   *[being] a being
 }
log-return-hidden = { $who } returns a card to the bottom of the deck
log-flare = { $who } invokes the { $card } against { $against }
log-undo = { $who } takes back a choice
log-resign = { $who } resigns
log-timeout = { $who } runs out of time
