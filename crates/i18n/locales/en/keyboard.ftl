# The keys of the game page, listed under the board.

keys-game = Keys: the arrows move on the board and Enter plays the square; Tab goes on to the hand and the choices; 1 to 9 pick a choice; u takes back; Esc cancels.
