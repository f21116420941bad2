# The game page's own words for games that end (the buttons, the move deadline);
# the page words them itself, so they live apart from the game's words
# (endings.ftl), as web.ftl's do from ui.ftl's.

## the game page
endings-abort = Abort
endings-claim-win = Claim the win
endings-claim-draw = Claim a draw
endings-claim-seat = Hand the absent seat to a bot
endings-leave = Leave the game
endings-leave-confirm = Leave this game? A bot plays your seat from now on.
# a game without a clock: the time each move may take ("3 days")
endings-deadline = move within { $time }
