# The browser pages: the lobby, the game, the replay.
# (The game's words they share with the terminal are in ui.ftl.)

## Every page

web-language = Language
web-the-lobby = the lobby
web-play-tash-kalar = Play Tash-Kalar
web-game-page-title = Tash-Kalar: game
web-replay-page-title = Tash-Kalar: replay
web-just-now = just now
web-minutes-ago = { $n } min ago
web-hours-ago = { $n } h ago
web-won-by = Won by { $names }
level-easy = easy: a beginner can beat it (greedy with noise)
level-medium = medium: a quick search (500 iterations a decision)
level-hard = hard: one second of search a decision
level-expert = expert: up to five seconds of search a decision and ten a turn, on two threads

## The lobby

web-game-created = Game created
web-new-game = New game
web-form = Form
web-seat-count = Number of seats
web-clock = Clock
web-clock-none = No clock
web-clock-1d = 1 day per move
web-clock-2d = 2 days per move (play at leisure)
web-clock-7d = 7 days per move
web-clock-5m = 5 min + 3 s a move
web-clock-10m = 10 min + 5 s a move
web-clock-30m = 30 min + 20 s a move
web-private = Private: not listed in the lobby (only its links open it)
web-create-game = Create the game
web-with-a-friend = Playing with a friend
web-friend-help =
    Each human seat has a secret link: whoever opens it plays that seat, so send each friend their own
    link. A seat marked open to anyone is listed under Open games instead, for the first who joins it;
    the others are kept for their links. Anyone with the plain game link watches. On your own network, start
    the server with --addr 0.0.0.0:8080 and use this machine's address instead of localhost.
web-open-games = Open games
web-games-playing = Games in progress
web-games-over = Finished games
web-human = Human
web-human-lower = human
web-bot = Bot
web-bot-random = random (weakest)
web-bot-greedy = greedy
web-bot-mcts = MCTS, thinking time below
web-bot-named = bot { $bot }
web-optional = optional
web-seat-legend = Seat { $seat }{ $starts ->
    [yes] {" "}(starts)
   *[no] {""}
 }
web-bot-strength = Bot strength
web-thinking-time = Thinking time (s)
web-name = Name
web-open-title = Listed under Open games: anyone may take it. Otherwise only its link opens it.
web-open-to-anyone = Open to anyone (listed under Open games)
web-school = School
web-player = Player
web-bots-game = A game between bots:
web-watch-it = watch it
web-open-your-seat = Open your seat; send each friend the link of theirs (it is their key to the seat).
web-link-for-seat = Link for seat { $seat }
web-seat-school = Seat { $seat } ({ $school })
web-play-this-seat = Play this seat
web-copy-link = Copy link
web-spectators = Spectators:
web-link-copied = Link copied
web-open-seat = open seat
web-invited-player = invited player
web-score-list = score { $scores }
web-turn-n = turn { $n }
web-resume-seat = Resume seat { $seat }
web-join-as = Join as { $school }
web-watch = Watch
web-replay = Replay
web-record = Record
web-finished = Finished
web-cannot-join = Cannot join: { $why }
web-cannot-list = Cannot list the games: { $why }
web-no-open-games = No game is waiting for players.
web-no-games-playing = No game in progress.
web-no-games-over = No finished game yet.

## The game

web-game = Game
web-connecting = connecting…
web-board = Board
web-the-board = The board
web-flip = Turn the board around
web-cards = Cards
web-your-hand = Your hand
web-your-move = Your move
web-effect-panel = Effect being resolved
web-players = Players
web-tasks = Tasks
web-chat = Chat
web-chat-label = Message to the other players
web-chat-placeholder = Message (players only)
web-send = Send
web-chat-note = Only the seated players can write here.
web-chat-say-hello = Say hello to the other players.
web-chat-none = No messages.
web-game-log = Game log
web-record-summary = Record (every choice, in notation)
web-clocks = Clocks
web-server-refused = Refused: { $why }
web-no-reason = no reason given
web-server-answered = the server answered { $status }
web-conn-no-game = no such game
web-no-such-game = No such game: { $why }.
web-back-to-lobby = Back to the lobby
web-trying-again = { $why } (trying again in { $secs } s)
web-page-refused = The server refused this page: { $why }.
web-watch-instead = Watch the game instead
web-not-connected = Not connected: reconnecting…
web-conn-playing = connected · you play { $color }
web-conn-watching = connected · watching
web-conn-reconnecting = reconnecting…
web-summon-which-way = Summon { $card } on { $at }: which way?
web-move-piece-on = Move the piece on { $at }
web-then-click-where = then click where it goes
web-square-which = { $at }: which?
web-summon-on = Summon on { $at }
web-pattern-on = pattern on { $squares }
web-game-title = { $form } · { $schools }
web-vs = {" vs "}
web-finished-game = finished game
web-game-over-colon = Game over:
web-step-through-replay = Step through the replay
web-turn-your-move = Turn { $n }: your move
web-turn-to-play = Turn { $n }: { $who } to play
web-actions-left = { $n ->
    [one] { $n } action left
   *[other] { $n } actions left
 }
web-discard-used = discard used
web-flare-used = flare used
web-end-near = the end is near: { $n ->
    [one] { $n } more turn
   *[other] { $n } more turns
 } after this one
web-last-turn = last turn
web-sending = sending…
web-watching-badge = watching
web-you-hold-seat = You hold a seat in this game:
web-play-seat-n = play seat { $seat }
web-choose = Choose.
web-hint-pickup = your supply is out: click one of your highlighted pieces to pick it up and place it again
web-hint-place = click a highlighted square to place a piece
web-hint-summon = pick a card marked ✦ to summon
web-hint-discard = discard
web-hint-end = end your turn
web-or = { $first } or { $last }
web-actions-left-hint = { $n ->
    [one] { $n } action left
   *[other] { $n } actions left
 }: { $hints }.
web-hint-returning = Return cards to the bottom of their decks (Return on a card), then Done.
web-game-over = Game over
web-watching = Watching
web-waiting = Waiting
web-is-choosing = { $who } is choosing…
web-cards-drawn = Cards are being drawn…
web-cancel-esc = Cancel (Esc)
web-summoning-click = Summoning { $card }: click a square marked ✦ (Esc to cancel).
web-moving-click = Moving from { $from }: click a square marked ◆ (Esc to cancel).
web-highlighted-squares = { $n ->
    [one] { $n } highlighted square
   *[other] { $n } highlighted squares
 } on the board (Tab goes to the board, the arrows from square to square).
web-directions = Directions
web-undo-title = Take back your last choice this turn (u)
web-undo = Undo
web-resign = Resign
web-resign-confirm = Resign this game?
web-type-placeholder = or type a choice, e.g. place e5
web-type-choice = Type a choice
web-play = Play
# $half: upper (upgraded pieces) or lower (all pieces); $cmp: more, same or fewer
web-flare-criterion = { $half ->
    [upper] upper (upgraded pieces)
   *[lower] lower (all pieces)
 }: needs { $need } more, { $color } has { $cmp ->
    [more] { $have } more
    [same] as many
   *[fewer] { $have } fewer
 }
web-flare-against = { $card } against { $color }:
web-flare-halves = upper { $upper ->
    [met] met
   *[not] not met
 }, lower { $lower ->
    [met] met
   *[not] not met
 }
web-against = against { $color }
web-resolving = Resolving: { $card } ({ $color }){ $on ->
    [yes] {" "}on { $at }
   *[no] {""}
 }
web-resolving-plain = Resolving: { $card }{ $on ->
    [yes] {" "}on { $at }
   *[no] {""}
 }
web-hands = Hands
web-hands-hidden = Hands are hidden from spectators.
web-hand-of = { $who }’s hand
web-no-cards = No cards in hand.
web-discard = Discard
web-return = Return
web-can-summon-on = { $n ->
    [one] can be summoned on { $n } square
   *[other] can be summoned on { $n } squares
 }
web-card-summon = { $card }: summon
web-flare-note = vs { $color }: upper { $upper } lower { $lower }
web-you = you
web-online = online
web-offline = offline
web-hand-counts = hand { $beings ->
    [one] { $beings } being
   *[other] { $beings } beings
 }, { $legends ->
    [one] { $legends } legend
   *[other] { $legends } legends
 }, { $flares ->
    [one] { $flares } flare
   *[other] { $flares } flares
 }
web-deck-n = deck { $n }
web-supply = pieces off the board { $common } + { $legendary } legendary
web-discard-n = discard { $n }
web-team-n = team { $team }
web-sideways = { $n } sideways
web-team-tasks = team tasks: { $tasks }
web-tasks-claimed = tasks: { $tasks }
web-discard-pile = discard pile: { $cards }
web-score = score { $score }
web-shared-decks = Legends deck { $legends }, discarded { $legendsOut } · Flares deck { $flares }, discarded { $flaresOut }
web-frozen = Frozen
web-frozen-effect = Frozen effect: { $text }
web-no-frozen-effect = No frozen effect text.
web-gateway-of = { $color }'s Gateway
web-gateway-on = Gateway on { $at }
web-warp-button = Warp
web-card-warp = Warp: { $text }
web-warp-stage = its warp effect, played from the hand (the card is now pending)
web-copy-stage = carrying out the warp effect of the { $card }
web-pending = Pending
web-pending-note = Pending: face up on the deck; −2 points if never summoned
web-pending-can-summon = can be summoned
web-warp-played = Warp effect (played): { $text }
web-pending-effect = On the deck, still held: it can be summoned from there. −2 points if it is never summoned.
web-stored = Stored
web-stored-title = Kept off the board on the Merchant of Time; it lands when the Merchant is summoned
web-stored-piece = { $piece } on the Merchant
web-thaw = Thaw { $card }
web-score-board = { $who }’s score board
web-melee-points-title = { $n ->
    [one] { $n } point
   *[other] { $n } points
 } in { $color }{ $lowest ->
    [yes] {" "}(the lowest: the score)
   *[no] {""}
 }; improvised summoning with { $color } { $free ->
    [yes] still possible
   *[no] used
 }
web-improvised-left = improvised summoning left with { $colors }{ $some ->
    [yes] {" "}(used: { $used })
   *[no] {""}
 }
web-improvised-all-used = improvised summoning used with every color
web-points-short = { $n ->
    [one] { $n } pt
   *[other] { $n } pts
 }
# $kind: squares, formation, enemy, summon or destroy
web-task-kind = { $kind ->
    [squares] squares
    [formation] formation
    [enemy] enemy
    [summon] summon
   *[destroy] destroy
 }{ $advanced ->
    [yes] {" "}· advanced
   *[no] {""}
 }{ $next ->
    [yes] {" "}· next
   *[no] {""}
 }
web-claim = Claim
web-tasks-left = { $n ->
    [one] { $n } task left in the deck
   *[other] { $n } tasks left in the deck
 }
web-turn-heading = Turn { $n }
web-chance = Chance
web-no-game-here = No game here.
web-cannot-load-cards = Cannot load the cards: { $why }

## The board and the cards

web-pattern-part = { $rank } at { $at }
web-pattern-of = Pattern of { $card }: the { $rank } being on the summoning square
web-pattern-needs = needs { $parts }
web-pattern-marked = { $n ->
    [one] { $n } marked square
   *[other] { $n } marked squares
 }
web-pattern-arrows = arrows { $arrows }
web-red-square = red square
web-green-square = green square
web-central = central
web-central-squares = central squares
web-empty = empty
web-can-summon-here = can summon here
web-touched-last-turn = touched in the last turn
web-choice = choice
web-rank-letter = { $rank ->
    [common] C
    [heroic] H
   *[legendary] L
 }
web-card-kind-flare = Flare · upper { $upper } · lower { $lower }
web-card-kind = { $kind ->
    [legend] Legend
   *[being] Being
 } · { $rank ->
    [common] common
    [heroic] heroic
   *[legendary] legendary
 }
web-legend-choice = a choice
web-legend-summon-here = summon here
web-legend-last-turn = last turn (✕: destroyed)

## Clocks, the turn signal, the end

web-clock-days = { $d } d { $h } h
web-clock-hours = { $h } h { $min } min
web-no-clock = no clock
web-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
 }
web-per-move = { $time } per move
web-your-turn = Your turn
web-sound-on = Sound on
web-sound-off = Sound off
web-notify-me = Notify me
web-ran-out-of-time = { $you ->
    [yes] you
   *[no] { $who }
 } ran out of time
web-resigned-how = { $you ->
    [yes] you
   *[no] { $who }
 } resigned
web-result-how = { $result } ({ $how })
web-a-draw = A draw
web-you-won = You won
web-you-lost = You lost
web-you-lost-to = You lost: { $who } won
web-rematch-ready = A rematch is ready, with the seats swapped.
web-play-rematch = Play the rematch
web-rematch-played = A rematch is being played.
web-watch-rematch = Watch the rematch
web-rematch = Rematch
web-rematch-note = a new game with the seats swapped (the other players are offered theirs)

## The replay

web-download-record = Download the record
web-step-through = Step through the game
web-first = First
web-first-title = First (Home)
web-first-button = « First
web-back = Back
web-back-title = Back (←)
web-back-button = ‹ Back
web-play-title = Play (space)
web-play-button = ▶ Play
web-play-replay = Play
web-pause = Pause
web-next = Forward
web-next-title = Forward (→)
web-next-button = Next ›
web-last = Last
web-last-title = Last (End)
web-last-button = Last »
web-move = Move
web-skip-draws = skip card draws
web-moves = Moves
web-step-of = Step { $at } of { $steps } · turn { $turn }
web-the-start = The start
web-replay-title = Replay · { $form }
web-cannot-load-replay = Cannot load the replay: { $why }

## The game server's errors, by their code (docs/server-protocol.md); the
## engine's refusals are the error-* messages of ui.ftl

error-bad-entry = the server refused an entry without a choice
error-resign-message = to resign, use the resign button
error-seat-required = only a seat can take back, resign or run out of time
error-save-failed = the server could not save this; nothing changed, try again
error-bad-token = this seat link is not one of this game's
error-seat-is-bot = a bot plays this seat
error-seat-taken = this seat is taken
error-spectator-cannot-play = spectators cannot play: open the game with a seat link to play
error-not-your-seat = you do not hold seat { $seat }
error-time-ran-out = your time ran out: a bot plays this seat now
error-stale-version = the game has moved on (it is at version { $current }, not { $version }); try again
error-version-required = the message has no version
error-spectator-cannot-chat = spectators can read the chat but not write in it
error-chat-too-fast = too many chat messages; wait { $secs } s
error-chat-full = this game's chat is full ({ $lines } lines)
error-bad-chat = this chat message cannot be sent
error-game-not-over = the game is not over
error-rematch-in-progress = a rematch is being made; try again in a moment
error-bad-message = the server could not read the message the page sent
error-hello-twice = this connection has already said hello
error-hello-first = the page must say hello first
error-no-such-game = no game with this id
error-server-full = the server is full ({ $games } games in play); try again later
error-server-error = the server had an error
error-bad-request = the server refused the request as not valid
error-not-found = not found
error-forbidden = this request is not allowed
error-unknown-host = this server does not answer for this address's name
error-conflict = the request does not fit the game as it is now
error-too-many-requests = too many requests from your address; try again later
error-request-timeout = the request took too long
error-not-json = the request was not sent as JSON
error-too-large = the request is too large
error-server-busy = the server is busy; try again later
error-too-many-games = too many games created from your address; try again in { $secs } s
error-too-many-joins = too many seats joined from your address; try again in { $secs } s
error-seat-reserved = this seat is kept for another player
