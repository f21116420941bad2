# Tash-Kalar: nombres y textos de las cartas en español.
# Imperio (del Norte y del Sur), Tierras Altas, Silvanos, Hielo Eterno,
# las 12 leyendas y los 12 destellos.
# Id de cada mensaje: el id de referencia de la carta con «.» cambiado por «-».
# Valor: el nombre. Atributos: .text = el efecto; .frozen = el efecto congelado.
# Terminología: ver GLOSSARY.md en esta misma carpeta.

## Imperio (del Norte y del Sur: las mismas 18 cartas)

imperial-swordmaster = Maestra de Espadas
    .text = Puedes destruir una pieza común enemiga que esté en una casilla adyacente en diagonal a la Maestra de Espadas. Si lo haces, la Maestra de Espadas se mejora.
imperial-messenger = Mensajero
    .text = Puedes elegir una de tus piezas no legendarias y una dirección: esa pieza hace tantos movimientos estándar como quieras, todos en esa dirección.
imperial-herald = Heraldo
    .text = Haz hasta 2 movimientos con tus piezas, cada uno a una casilla vacía.
imperial-bomb = Bomba
    .text = Si aún te queda una acción, la Bomba se destruye junto con todas las piezas comunes adyacentes a ella. Si no, no ocurre nada.
imperial-chronicler = Cronista
    .text = Mejora una de tus piezas comunes que no sea el Cronista. Después, esa pieza puede hacer un movimiento estándar.
imperial-assassin = Asesino
    .text = Destruye la pieza que haya en la casilla marcada, sea cual sea. Si estaba vacía, el Asesino puede moverse a ella.
imperial-time_mage = Mago del Tiempo
    .text = Ganas una acción. Si hay una pieza enemiga en la casilla marcada, se destruye.
imperial-summoner = Invocadora
    .text = Puedes colocar hasta 2 de tus piezas comunes, cada una en una casilla marcada vacía.
imperial-hypnotist = Hipnotizador
    .text = Puedes elegir un color enemigo y hasta 3 de sus piezas comunes o hasta 2 de sus piezas heroicas: cada una hace un movimiento de combate.
imperial-cannon = Cañón
    .text = Se invoca sobre una pieza tuya. Puedes elegir una flecha: se destruyen todas las piezas comunes de esa línea hasta el borde del tablero.
imperial-champion = Campeón
    .text = Puedes destruir una pieza enemiga adyacente al Campeón. Si era legendaria, el Campeón también se destruye y ganas una acción.
imperial-infantry_captain = Capitán de Infantería
    .text = Haz hasta 2 movimientos de combate con tus piezas que no sean el Capitán de Infantería.
imperial-cavalry_captain = Capitán de Caballería
    .text = Puedes elegir una de tus piezas que no sea el Capitán de Caballería: hace como máximo 1 movimiento de combate y como máximo 2 movimientos estándar, en el orden que quieras.
imperial-gryphon_rider = Jinete de Grifo
    .text = La Jinete de Grifo puede hacer un salto de combate. Si lo hace, puedes degradarla y colocar una de tus piezas comunes en una casilla vacía adyacente a ella.
imperial-knight = Caballero
    .text = El Caballero puede hacer hasta 3 movimientos de combate, nunca sobre una pieza común.
imperial-high_priestess = Suma Sacerdotisa
    .text = Se invoca sobre una pieza tuya. Puede hacer un movimiento estándar; después, puedes mejorar una pieza común adyacente a ella.
imperial-master_of_intrigue = Maestro de la Intriga
    .text = Haz hasta 3 movimientos, combinados como quieras: movimientos estándar del Maestro de la Intriga y movimientos de combate de las piezas no legendarias con las que se invocó.
imperial-gun_tower = Torre de Artillería
    .text = Puedes elegir una flecha: se destruyen las dos primeras piezas de esa línea. Una pieza legendaria no se destruye y detiene el disparo.
