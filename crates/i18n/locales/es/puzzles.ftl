## Problemas (web/puzzles.*)

puzzles-page-title = Tash-Kalar: problemas
puzzles-title = Problemas
puzzles-daily = Problema del día
puzzles-next = Siguiente problema
puzzles-restart = Empezar de nuevo
puzzles-theme = { $theme } · dificultad { $difficulty } de 5
puzzles-theme-win-now = Gana la partida en este turno
puzzles-theme-stop-the-win = Impide que tu rival gane en su próximo turno
puzzles-theme-claim-task = Reclama el máximo de misiones en este turno
puzzles-theme-best-score = Consigue el máximo de puntos en este turno
puzzles-played = Jugado: { $choices }
puzzles-solved = ¡Resuelto!
puzzles-failed = No es lo mejor: la solución está abajo.
puzzles-your-rating = Tu puntuación en problemas: { $rating }
puzzles-opponent-holds = Tu rival tiene en la mano: { $cards }
