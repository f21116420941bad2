## Profily hráčů a žebříčky (web/player.*, web/leaderboard.*)

players-profile-page-title = Tash-Kalar: hráč
players-profile-title = { $name } · Tash-Kalar
players-profile = Hráč
players-not-found = Hráč s tímto jménem neexistuje.
players-ratings = Hodnocení
players-no-ratings = Zatím žádné hodnocené hry.
players-pool-duel = Deathmatch souboj
players-pool-high-form = Vznešená hra
players-pool-melee = Deathmatch bitka
players-pool-team = Týmová hra
players-provisional = (předběžné)
players-provisional-title = Zatím příliš málo hodnocených her pro žebříček
players-record = { $games ->
    [one] { $games } hodnocená hra
    [few] { $games } hodnocené hry
   *[other] { $games } hodnocených her
  }: výhry { $wins }, remízy { $draws }, prohry { $losses }
players-graph = { $pool }: hodnocení po každé z { $games } hodnocených her
players-opponents = Častí soupeři
players-no-opponents = Zatím žádné dohrané hry proti jiným hráčům.
players-opponent = Soupeř
players-games-count = Hry
players-wdl = Výhry / remízy / prohry
players-playing = Právě hraje
players-none-playing = Žádná rozehraná hra.
players-games = Hry
players-no-games = Žádné hry.
players-school = Škola
players-result = Výsledek
players-filter = Filtrovat
players-any = libovolná
players-more = Starší hry
players-result-win = výhra
players-result-draw = remíza
players-result-loss = prohra
players-no-result = bez výsledku
players-rated = (hodnocená)
players-bot = bot { $bot }
players-guest = host
players-open-game = hra
players-replay = přehrát
players-record-file = záznam
players-when = Kdy
players-opponents-col = Proti
players-change = Hodnocení
players-links = Odkazy
players-leaderboard-page-title = Tash-Kalar: žebříček
players-leaderboard = Žebříček
players-board-rule = Hráči s alespoň { $games } hodnocenými hrami a odchylkou pod { $deviation }.
players-board-empty = Zatím nikdo.
players-rank = #
players-player = Hráč
players-rating = Hodnocení
players-deviation = Odchylka
# úroveň bota v herně s jejím zveřejněným hodnocením
players-level-rated = { $level } (asi { $rating })

## Odmítnutí (`error-<code>`)

error-rated-needs-account = hodnocené hry jsou pro přihlášené hráče: nejdřív se přihlas
error-rated-with-bots = hodnocená hra nemá boty
error-rated-form = výuková hra se nikdy nehodnotí
error-rated-seats = v hodnocené hře jsou všechna místa kromě tvého otevřená, aby se přidal přihlášený hráč
error-no-such-player = hráč s tímto jménem neexistuje
error-no-such-pool = hodnocení „{ $pool }“ neexistuje (duel, high-form, melee nebo team)
