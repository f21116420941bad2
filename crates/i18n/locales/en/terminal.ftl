# The terminal client: the full-screen one (tui-) and line mode (play-),
# and what both say (status-, outcome-, help-).

## Both

status-setup = Setup: { $who } places the start pieces
status-turn = Turn { $turn }: { $who } to play, { $n ->
    [one] { $n } action
   *[other] { $n } actions
 } left
game-over = The game is over
took-back = Took back: { $choice }
nothing-to-take-back = Nothing to take back (not past the end of a turn, a draw or a claim).
not-accepted = Not accepted: { $why }
no-such-choice = there is no choice { $n } (1 to { $count })
outcome-resigned = Seat { $seat } resigned.
outcome-time = Seat { $seat } ran out of time.
outcome-wins = Seat { $seat } wins.
outcome-team-wins = Seats { $first } and { $second } win.
outcome-draw = A draw.
outcome-none = No result.
end-triggered = The end has been triggered: seat { $seat } plays the last turn.
card-kind-legend = legend
card-kind-flare = flare: upper { $upper }, lower { $lower }
frozen-card = frozen: { $card }
frozen-effect = Frozen: { $text }
play-gateway = Gateway on { $at } (marked @ on the board)
play-pending = pending being: { $card }
play-stored = kept on the Merchant of Time: { $piece } [{ $code }]
card-warp-effect = Warp: { $text }
# where a task turned up went
task-place = { $place ->
    [current] a current task
    [next] the next task
    [set-aside] set aside until the current tasks are out
    [bottom] moved to the bottom of the task deck
   *[turned-up] turned up
 }

## Line mode

play-greeting = Tash-Kalar: { $form }, seed { $seed }. Type `help` for help.
play-help =
    Type the number of a choice, or its text (e.g. `place e5`, `summon imperial.knight e5 r90`,
    `e5-f6`, `claim tasks.center_cross`, `skip`, `end`; in team play `pass` hands control to your
    teammate). Other commands:
      undo    take back your last choice this turn (not past the end of a turn, a draw, a claim or a pass)
      show    show the board and your choices again
      resign  give up the game
      help    this text
      quit    leave the game
play-bye = Bye.
play-end-of-input = End of input.
play-record-written = Record written to { $path }.
play-seat-draws = { $who } draws { $card } ({ $id }).
play-task-turned-up = Task turned up: { $task } ({ $id }), { $place }.
play-bot-returns = { $who }: returns a card to the bottom of its deck
play-bot-chose = { $who }: { $choice }
play-not-accepted-help = Not accepted: { $why }. Type `help` for help.
play-seat = { $who }, { $school }
play-scores = Scores: { $scores }
play-points-by-color = { $who } points by color: { $points }
play-seat-cards = { $who }: hand { $beings ->
    [one] { $beings } being
   *[other] { $beings } beings
 }, { $legends ->
    [one] { $legends } legend
   *[other] { $legends } legends
 }, { $flares ->
    [one] { $flares } flare
   *[other] { $flares } flares
 }; deck { $deck }; supply { $common } two-sided + { $legendary } legendary; discard: { $discard }
play-shared-decks = Legends deck { $legends }, flares deck { $flares }.
play-tasks = Tasks ({ $deck } in the deck):
play-task-current = current
play-task-next = next
# $kind: squares, formation, enemy, summon or destroy
play-task-line = { $name } ({ $kind }, { $points ->
    [one] { $points } point
   *[other] { $points } points
 }{ $advanced ->
    [yes] , advanced
   *[no] {""}
 }): { $text }
play-claimed = { $who } claimed: { $tasks }
play-resolving = Resolving { $card }{ $place }: { $question }
play-may-claim = End of your turn: you may claim one task you meet ({ $tasks }), or skip.
play-your-hand = Your hand:
play-choices = Choices:
play-choices-places = place a common piece on:
play-board-key = ( ) red square  {"{"} {"}"} green square  : central square  @ a piece on its Gateway

## Full screen

tui-greeting = Tash-Kalar: { $form }, seed { $seed }. Press ? for help.
tui-you = you
tui-seat = { $who }, { $school }
tui-status-over = The game is over. { $result } q to leave.
tui-status-thinking = Turn { $turn }: { $who } is thinking...
tui-your-choice = { $status } - your choice
tui-quit-title = Quit
tui-quit-ask = Quit the game? y / n
tui-board = Board
tui-cursor = cursor { $at }
tui-square-red = red
tui-square-green = green
tui-square-central = central
tui-square-gateway = Gateway
tui-last = last ({ $who }) { $squares }
tui-scores = Scores
tui-score = score { $score }
tui-points = points: { $points }
tui-seat-cards = hand { $beings }b { $legends }l { $flares }f, deck { $deck }, supply { $common }+{ $legendary }
tui-frozen-mark = *FROZEN*
tui-gateway-mark = @GATEWAY@
tui-gateway-at = on { $at }
tui-pending-mark = ~PENDING~
tui-stored-mark = ~STORED~
tui-tasks = Tasks ({ $deck } in deck):
tui-next-task = next: { $task }
tui-team = team { $team } (seats { $first } and { $second })
tui-your-hand = Your hand
tui-card = Card
tui-no-card = No card in hand.
tui-arrows = arrows: { $arrows }
tui-hand-key = ✦ can be summoned now; S summon, o + * your piece (least rank), x marked
tui-pattern-key-anywhere = o your piece: the pattern anywhere; summoned on any empty colorless square
tui-pattern-key = S summon, o/+/* your piece, x marked{ $on_piece ->
    [yes] , S on your piece
   *[no] {""}
 }
tui-choices = Choices ({ $n })
tui-at = at { $squares }
tui-log = Log{ $earlier ->
    [0] { $later ->
        [0] {""}
       *[other] {" "}- { $later } later (End)
    }
   *[other] {" "}- { $earlier } earlier{ $later ->
        [0] {""}
       *[other] , { $later } later (End)
    }
 }
tui-claim-or-skip = { $question } (s to skip)
tui-seat-choosing = { $who } is choosing: { $question }
tui-legend = ( ) red square  {"{"} {"}"} green square  : central  o target  [ ] cursor  _ last turn
tui-keys-line = ? help  Tab focus  Enter pick  s skip  e end turn  u undo  : type  PgUp log  q quit
tui-keys-title = Keys
tui-pieces-key = Pieces: letter = color (r b n g w o p), + heroic, * legendary, @ after it the Gateway; any key closes.
tui-bot-refused = { $who } chose { $choice }, not accepted: { $why }
tui-seat-draws = { $who } draws { $card }.
tui-task-turned-up = Task turned up: { $task }, { $place }.
tui-game-over-scores = The game is over. Scores: { $scores }.
tui-seat-chose = { $who }: { $choice }
tui-seat-took-back = { $who }: took back { $choice }
tui-seat-resigns = { $who } resigns.
tui-nothing-to-skip = Nothing to skip now.
tui-cannot-end = The turn cannot end now.
tui-wait-bot = Wait: a bot is thinking.
tui-no-choice-at = No choice at { $at }.
tui-picked-now-target = { $at } picked: now its target square (Esc to start again).
tui-choices-at = { $n } choices at { $at }: pick one (Esc to start again).
tui-bot-thinking = { $who } is thinking.
tui-over-leave = The game is over: q to leave.
tui-not-your-turn = Not your turn.
tui-card-nothing = { $card }: nothing to do with it now.
tui-card-summonings = { $card }: { $n ->
    [one] { $n } summoning
   *[other] { $n } summonings
 }; pick a highlighted square.
tui-card-choices = { $card }: { $n ->
    [one] { $n } choice
   *[other] { $n } choices
 }.
tui-no-choice-here = No choice here.
tui-nothing-to-resign = Nothing to resign.
tui-not-accepted-help = Not accepted: { $why }. Press ? for help.

## The keys (help)

help-key-arrows = arrows, hjkl
help-key-enter = Enter, space
help-key-tab = Tab, Shift-Tab
help-key-pages = PageUp, PageDown
help-key-end = End
help-key-esc = Esc
help-key-quit = q, Ctrl-C
help-move = move the cursor on the board (or in the hand / choice list)
help-enter = board: play the choice for this square, or narrow the choices to it;
help-enter-more = hand: pick the card (its summoning squares light up); choices: play it
help-tab = focus board / hand / choices / log
help-pages = scroll the log back and forth (in the choice list: page through it)
help-end = the log's newest entry (log: Home its oldest, arrows one entry)
help-skip = skip an optional part (or decline to claim a task)
help-end-turn = end the turn
help-undo = take back your last choice this turn
help-esc = drop the picked card and squares
help-type = type a choice as line mode takes it: a number, `place e5`, `e5-f6`, `resign`...
help-help = this help
help-quit = quit (q asks first)

## analyse: a recorded game, choice by choice

analyse-header = Analysis of { $file }: { $iterations } search iterations a position (seed { $seed }). A chance is the search's estimate of how often the seat that chose goes on to win.
analyse-line = Turn { $turn }, { $who }: { $choice }{ $mark } { $chance }
analyse-best = best: { $choice }, { $chance }
analyse-graph-first = { $who }'s chance to win, turn by turn:
analyse-graph-mover = The chance to win of the seat to choose, turn by turn:
analyse-mistakes = The choices that gave away the most:
analyse-mistake = turn { $turn }, { $who }: { $choice }, from { $from } to { $to } (best: { $best })
analyse-no-mistakes = No choice gave away much.
