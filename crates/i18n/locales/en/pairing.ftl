# Finding a game (the server's `pairing`): "Play now", challenges, who is
# online, blocks; and the refusals of their routes (error-<code>).

pairing-play-now = Play now
pairing-play-now-help = You are paired with the player of the closest rating who asks for the same form, clock and kind of game.
pairing-rated = Rated (between signed-in players)
pairing-seek = Find a game
pairing-seeking = Looking for an opponent…
pairing-cancel = Cancel
pairing-paired = Paired: opening the game…
pairing-online = Online
pairing-online-count = Players in the lobby: { $count }
pairing-online-none = No signed-in player is in the lobby.
pairing-you = (you)
pairing-challenge = Challenge
pairing-challenge-title = Challenge { $name } with the settings of Play now
pairing-challenges = Challenges
pairing-challenge-from = { $name } challenges you
pairing-challenge-to = You challenged { $name }
pairing-rated-game = rated
pairing-casual-game = casual
pairing-accept = Accept
pairing-decline = Decline
pairing-declined = { $name } declined your challenge.
pairing-accepted = { $name } accepted your challenge: opening the game…
pairing-block = Block
pairing-block-title = Block { $name }: no challenges or chat between you
pairing-blocked = You blocked { $name }.

error-own-name = that is your own name
error-blocked = one of you has blocked the other: no challenges between you
error-no-such-seek = this search for a game is over: it was paired, cancelled or has expired
error-no-such-challenge = this challenge is over: it was answered, cancelled or has expired
error-too-many-seeks = too many searches for a game are waiting ({ $seeks }, the most allowed); cancel one or try again later
error-too-many-challenges = too many challenges are waiting for an answer ({ $challenges }, the most allowed)
error-too-many-blocks = you block { $blocks } players, the most allowed
error-too-fast = too many requests from your address; try again in { $secs } s
