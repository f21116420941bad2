## Perfiles de jugadores y clasificaciones (web/player.*, web/leaderboard.*)

players-profile-page-title = Tash-Kalar: jugador
players-profile-title = { $name } · Tash-Kalar
players-profile = Jugador
players-not-found = Ningún jugador tiene este nombre.
players-ratings = Puntuaciones
players-no-ratings = Todavía no hay partidas puntuadas.
players-pool-duel = Duelo a muerte
players-pool-high-form = Élite
players-pool-melee = Melé a muerte
players-pool-team = Partida por equipos
players-provisional = (provisional)
players-provisional-title = Aún tiene pocas partidas puntuadas para la clasificación
players-record = { $games ->
    [one] { $games } partida puntuada
   *[other] { $games } partidas puntuadas
  }: { $wins } ganadas, { $draws } en tablas, { $losses } perdidas
players-graph = { $pool }: la puntuación tras cada una de { $games } partidas puntuadas
players-opponents = Rivales frecuentes
players-no-opponents = Todavía no hay partidas terminadas contra otros jugadores.
players-opponent = Rival
players-games-count = Partidas
players-wdl = Ganadas / tablas / perdidas
players-playing = Jugando ahora
players-none-playing = Ninguna partida en curso.
players-games = Partidas
players-no-games = No hay partidas.
players-school = Escuela
players-result = Resultado
players-filter = Filtrar
players-any = cualquiera
players-more = Partidas anteriores
players-result-win = ganada
players-result-draw = tablas
players-result-loss = perdida
players-no-result = sin resultado
players-rated = (puntuada)
players-bot = bot { $bot }
players-guest = un invitado
players-open-game = partida
players-replay = repetición
players-record-file = registro
players-when = Cuándo
players-opponents-col = Contra
players-change = Puntuación
players-links = Enlaces
players-leaderboard-page-title = Tash-Kalar: clasificación
players-leaderboard = Clasificación
players-board-rule = Jugadores con al menos { $games } partidas puntuadas y una desviación menor que { $deviation }.
players-board-empty = Nadie todavía.
players-rank = #
players-player = Jugador
players-rating = Puntuación
players-deviation = Desviación
# un nivel de bot en el vestíbulo, con su puntuación publicada
players-level-rated = { $level } (unos { $rating })

## Rechazos (`error-<code>`)

error-rated-needs-account = las partidas puntuadas son para jugadores con sesión iniciada: inicia sesión primero
error-rated-with-bots = una partida puntuada no tiene bots
error-rated-form = la primera partida nunca es puntuada
error-rated-seats = en una partida puntuada todos los asientos salvo el tuyo son abiertos, para que se una un jugador con sesión iniciada
error-no-such-player = ningún jugador tiene este nombre
error-no-such-pool = no hay ninguna clasificación «{ $pool }» (duel, high-form, melee o team)
