# Lessons (crates/learn): a title, a text, and per step a goal and hints.
# Ids: lessons-{id}, lessons-{id}-text, lessons-{id}-{step}-goal,
# lessons-{id}-{step}-hint-{n}.

lessons-placing = Placing pieces
lessons-placing-text = The arena has 69 squares. On your turn you have two actions; the simplest is to place one of your common pieces on an empty square.
lessons-placing-1-goal = Place a common piece on e5, the centre of the board.
lessons-placing-1-hint-1 = Choose "place" and then the square.
lessons-placing-1-hint-2 = e5 is the fifth column, fifth row.

lessons-summoning = Patterns and summoning
lessons-summoning-text = A being is summoned when your pieces form its pattern, turned or mirrored as you like. The being then stands on its summoning square, and its effect resolves.
lessons-summoning-1-goal = Summon the Knight.
lessons-summoning-1-hint-1 = Your commons on d4, e4, f4 and d3 already form the Knight's pattern.
lessons-summoning-1-hint-2 = The Knight's summoning square is e5, just above the row of three.

lessons-destroying = Moves and destroying
lessons-destroying-text = A combat move takes a piece one square, possibly onto an enemy piece of the same or lower rank: that piece is destroyed.
lessons-destroying-1-goal = Destroy the red heroic piece.
lessons-destroying-1-hint-1 = First summon the Knight on e5.
lessons-destroying-1-hint-2 = Then the Knight's combat move onto e6 destroys the red piece.
