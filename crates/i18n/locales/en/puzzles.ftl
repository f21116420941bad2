## Puzzles (web/puzzles.*)

puzzles-page-title = Tash-Kalar: puzzles
puzzles-title = Puzzles
puzzles-daily = Puzzle of the day
puzzles-next = Next puzzle
puzzles-restart = Start again
puzzles-theme = { $theme } · difficulty { $difficulty } of 5
puzzles-theme-win-now = Win the game this turn
puzzles-theme-stop-the-win = Stop your opponent winning on their next turn
puzzles-theme-claim-task = Claim the most tasks this turn
puzzles-theme-best-score = Score the most this turn
puzzles-played = Played: { $choices }
puzzles-solved = Solved!
puzzles-failed = Not the best: the solution is below.
puzzles-your-rating = Your puzzle rating: { $rating }
puzzles-opponent-holds = Your opponent holds: { $cards }
