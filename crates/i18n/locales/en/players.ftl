## Players' profiles and the leaderboards (web/player.*, web/leaderboard.*)

players-profile-page-title = Tash-Kalar: player
players-profile-title = { $name } · Tash-Kalar
players-profile = Player
players-not-found = No player has this name.
players-ratings = Ratings
players-no-ratings = No rated games yet.
players-pool-duel = Deathmatch Duel
players-pool-high-form = High Form
players-pool-melee = Deathmatch Melee
players-pool-team = Team play
players-provisional = (provisional)
players-provisional-title = Too few rated games for the leaderboard yet
players-record = { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
  }: { $wins } won, { $draws } drawn, { $losses } lost
players-graph = { $pool }: the rating after each of { $games } rated games
players-opponents = Frequent opponents
players-no-opponents = No finished games against other players yet.
players-opponent = Opponent
players-games-count = Games
players-wdl = Won / drawn / lost
players-playing = Playing now
players-none-playing = No game in progress.
players-games = Games
players-no-games = No games.
players-school = School
players-result = Result
players-filter = Filter
players-any = any
players-more = Older games
players-result-win = won
players-result-draw = drawn
players-result-loss = lost
players-no-result = no result
players-rated = (rated)
players-bot = bot { $bot }
players-guest = a guest
players-open-game = game
players-replay = replay
players-record-file = record
players-when = When
players-opponents-col = Against
players-change = Rating
players-links = Links
players-leaderboard-page-title = Tash-Kalar: leaderboard
players-leaderboard = Leaderboard
players-board-rule = Players with at least { $games } rated games and a deviation under { $deviation }.
players-board-empty = Nobody yet.
players-rank = #
players-player = Player
players-rating = Rating
players-deviation = Deviation
# a bot level in the lobby, with its published rating
players-level-rated = { $level } (about { $rating })

## Refusals (`error-<code>`)

error-rated-needs-account = rated games are for signed-in players: sign in first
error-rated-with-bots = a rated game has no bots
error-rated-form = the first game is never rated
error-rated-seats = in a rated game every seat but yours is open, for a signed-in player to join
error-no-such-player = no player has this name
error-no-such-pool = there is no rating pool “{ $pool }” (duel, high-form, melee or team)
