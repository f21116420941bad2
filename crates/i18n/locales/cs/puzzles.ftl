## Hádanky (web/puzzles.*)

puzzles-page-title = Tash-Kalar: hádanky
puzzles-title = Hádanky
puzzles-daily = Hádanka dne
puzzles-next = Další hádanka
puzzles-restart = Začít znovu
puzzles-theme = { $theme } · obtížnost { $difficulty } z 5
puzzles-theme-win-now = Vyhraj hru v tomto tahu
puzzles-theme-stop-the-win = Zabraň soupeři vyhrát v jeho příštím tahu
puzzles-theme-claim-task = Splň v tomto tahu co nejvíc úkolů
puzzles-theme-best-score = Získej v tomto tahu co nejvíc bodů
puzzles-played = Zahráno: { $choices }
puzzles-solved = Vyřešeno!
puzzles-failed = To není nejlepší: řešení je níže.
puzzles-your-rating = Tvé hodnocení v hádankách: { $rating }
puzzles-opponent-holds = Soupeř má v ruce: { $cards }
