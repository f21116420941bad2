# The analysis of a finished game (the replay page, the server's errors).

analysis-button = Analyse the game
analysis-title = Analysis
analysis-running = Analysing: { $done } of { $total } positions…
analysis-graph-first = { $who }'s chance to win, turn by turn
analysis-graph-mover = The chance to win of the seat to choose, turn by turn
analysis-mistakes = The choices that gave away the most
analysis-no-mistakes = No choice gave away much.
analysis-mistake = turn { $turn }, { $who }: { $played }, from { $from } to { $to } (best: { $best })
analysis-note = A chance is the search's estimate ({ $iterations } iterations a position) of how often the seat goes on to win; click a turn or a mistake to see it.
analysis-turn = turn { $turn }: { $chance }
error-not-analysed = this game has not been analysed yet
error-analyses-busy = the server is analysing { $running } games, its most at once; try again later
