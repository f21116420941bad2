# Klávesy stránky hry, vypsané pod herním plánem.

keys-game = Klávesy: šipkami se pohybuješ po herním plánu a Enter zahraje pole; Tab přejde na ruku a volby; 1 až 9 vyberou volbu; u vezme zpět; Esc zruší.
