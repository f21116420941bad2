# A group of legal choices alike but for their square (the square is
# shown on the board, not in the words).
legal-summon = summon the { $card } ({ $orientation })
legal-place = place a common piece
legal-pickup = pick up one of your pieces to place it elsewhere
