# Games that always end: aborts, claims against an absent player, leaving,
# move deadlines (the server's "Games that end"; docs/server-protocol.md).

## results (the result's sentence; the forfeit before the result, as ui.ftl's)
endings-result-abandoned = { $who } left the game: { $result }
endings-result-drawn = { $result }: a draw claimed while a player was away
endings-result-aborted = The game was aborted: no result

## the terminal's one-line outcome
endings-outcome-abandoned = Seat { $seat } left the game.
endings-outcome-aborted = The game was aborted: no result.

## the log
endings-log-abort = { $who } aborts the game
endings-log-abandoned = { $who } was away: claimed against
endings-log-claim-draw = { $who } claims a draw: the opponent was away
endings-log-leave = { $who } leaves the game to a bot

## refusals (the server's codes: `error-<code>`, as ui.ftl's)
error-too-late-to-abort = every seat has made its first turn: the game can no longer be aborted
error-nothing-to-claim = no seat is away on its turn: there is nothing to claim
error-claim-too-early = the absent seat may be claimed against in { $secs } s
error-cannot-leave = only a melee or team player may leave a game; resign instead

