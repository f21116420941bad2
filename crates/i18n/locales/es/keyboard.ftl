# Las teclas de la página de la partida, bajo el tablero.

keys-game = Teclas: las flechas se mueven por el tablero y Intro juega la casilla; Tab pasa a la mano y a las elecciones; del 1 al 9 eligen; u deshace; Esc cancela.
