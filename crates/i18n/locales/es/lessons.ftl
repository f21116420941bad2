# Lecciones (crates/learn): un título, un texto y, por paso, un objetivo y pistas.

lessons-placing = Colocar fichas
lessons-placing-text = La arena tiene 69 casillas. En tu turno tienes dos acciones; la más sencilla es colocar una de tus fichas básicas en una casilla vacía.
lessons-placing-1-goal = Coloca una ficha básica en e5, el centro del tablero.
lessons-placing-1-hint-1 = Elige «colocar» y después la casilla.
lessons-placing-1-hint-2 = e5 es la quinta columna, quinta fila.

lessons-summoning = Patrones e invocación
lessons-summoning-text = Un ser se invoca cuando tus fichas reproducen su patrón, girado o reflejado como quieras. El ser queda en su casilla de invocación y se resuelve su efecto.
lessons-summoning-1-goal = Invoca al Caballero.
lessons-summoning-1-hint-1 = Tus fichas básicas en d4, e4, f4 y d3 ya reproducen el patrón del Caballero.
lessons-summoning-1-hint-2 = La casilla de invocación del Caballero es e5, justo encima de la fila de tres.

lessons-destroying = Movimientos y destrucción
lessons-destroying-text = Un movimiento de combate lleva una ficha a una casilla contigua, también a una ocupada por una ficha enemiga de igual o menor rango: esa ficha se destruye.
lessons-destroying-1-goal = Destruye la ficha heroica roja.
lessons-destroying-1-hint-1 = Primero invoca al Caballero en e5.
lessons-destroying-1-hint-2 = Después el movimiento de combate del Caballero a e6 destruye la ficha roja.

lessons-upgrading = Mejorar
lessons-upgrading-text = Algunos efectos mejoran una ficha: una ficha básica se vuelve por su cara heroica. Una ficha heroica es más fuerte en combate y encaja en las casillas heroicas de los patrones.
lessons-upgrading-1-goal = Mejora una de tus fichas.
lessons-upgrading-1-hint-1 = La Suma Sacerdotisa se invoca sobre una ficha tuya, aquí e5.
lessons-upgrading-1-hint-2 = Tras su movimiento, mejora la ficha básica contigua a ella.

lessons-first-turn = La primera partida: un turno entero
lessons-first-turn-text = Un turno son dos acciones (colocar, invocar o descartar) y su final, cuando se cuentan los puntos y empieza el otro jugador.
lessons-first-turn-1-goal = Realiza dos acciones y termina tu turno.
lessons-first-turn-1-hint-1 = Coloca dos fichas, por ejemplo en e5 y f5.
lessons-first-turn-1-hint-2 = Después elige «terminar el turno».

lessons-scoring = El duelo a muerte y la puntuación
lessons-scoring-text = En un duelo a muerte puntúas por las fichas enemigas que destruyes, contadas al final de tu turno.
lessons-scoring-1-goal = Consigue un punto en este turno: te queda una acción.
lessons-scoring-1-hint-1 = Destruir la ficha heroica roja puntúa, y se cuenta al final de tu turno.
lessons-scoring-1-hint-2 = Invoca al Caballero, destruye la ficha de e6 y termina tu turno.

# Las palabras del terminal en torno a una lección (crates/cli learn.rs).
lessons-ui-choices = Tus opciones:
lessons-ui-no-more-hints = No hay más pistas para este paso.
lessons-ui-illegal = «{ $choice }» no es una opción que puedas elegir aquí.
lessons-ui-done = Bien hecho: has cumplido el objetivo.
lessons-ui-again = Tu turno ha terminado sin cumplir el objetivo: el paso empieza de nuevo.

lessons-legends = Leyendas
lessons-legends-text = Las leyendas son seres poderosos que robas a tu mano de un mazo que comparten ambos jugadores. Sus patrones piden fichas mejoradas, y una leyenda invocada vale puntos.
lessons-legends-1-goal = Invoca al Titán.
lessons-legends-1-hint-1 = Tus dos fichas heroicas en e5 y e4 y las tres básicas bajo ellas reproducen el patrón del Titán.
lessons-legends-1-hint-2 = Elige la invocación de legends.titan.

lessons-high-form = La variante de élite y sus misiones
lessons-high-form-text = En la variante de élite se puntúa reclamando misiones. Hay tres misiones actuales boca arriba; al final de tu turno puedes reclamar una cuyo criterio cumplan tus fichas, y ganas sus puntos. Llegar a 9 puntos desencadena el final de la partida.
lessons-high-form-1-goal = Reclama la misión Cruz Central.
lessons-high-form-1-hint-1 = La Cruz Central pide tus fichas en e5 y en las cuatro casillas que la rodean: solo falta e5.
lessons-high-form-1-hint-2 = Coloca una ficha en e5 y la segunda donde quieras, termina tu turno y reclama tasks.center_cross.

lessons-flares = Estallidos
lessons-flares-text = Un estallido ayuda a quien va por detrás. Una vez por turno, además de tus acciones, puedes provocar el estallido de tu mano contra un rival: su efecto superior si se cumple el requisito superior (el rival tiene bastantes fichas mejoradas más que tú en el tablero) y su efecto inferior si se cumple el requisito inferior (tiene bastantes fichas más). En el Duelo a muerte el rival gana un punto por ello.
lessons-flares-1-goal = Provoca tu estallido contra Rojo.
lessons-flares-1-hint-1 = Rojo tiene 6 fichas más que tú en el tablero: el requisito inferior del Estallido 01 pide 6.
lessons-flares-1-hint-2 = Elige «flare r» y después coloca la ficha heroica que te da.

lessons-melee = La melé a muerte y la partida por equipos
lessons-melee-text = En la Melé a muerte se enfrentan tres o cuatro jugadores. Puntúas en el color de cada rival cuyas fichas destruyes, y tu puntuación final es la de tu color más bajo: golpea a todos los rivales, no solo a uno. En la partida por equipos, cada uno de los dos equipos de dos comparte un color de fichas, y en tu turno puedes ceder el control del turno a tu compañero.
lessons-melee-1-goal = Destruye la ficha heroica marrón.
lessons-melee-1-hint-1 = Primero invoca al Caballero en e5.
lessons-melee-1-hint-2 = Después el movimiento de combate del Caballero a e6 destruye la ficha marrón y puntúa en marrón.

lessons-frozen-cards = Cartas congeladas (Hielo Eterno)
lessons-frozen-cards-text = Algunas criaturas de Hielo Eterno tienen un efecto congelado además de su efecto de siempre. Cuando invocas una de ellas, se resuelve su efecto y después la carta queda congelada: boca arriba delante de ti, en lugar de ir a tu pila de descarte. En ese mismo turno o en cualquier otro turno tuyo puedes descongelarla, antes o después de una acción y sin gastar ninguna: se resuelve su efecto congelado y la carta va a tu pila de descarte. Solo puedes tener una carta congelada a la vez.
lessons-frozen-cards-1-goal = Invoca al Cultivador de Cristales para congelarlo.
lessons-frozen-cards-1-hint-1 = Tus fichas básicas de d4 y e4 forman el patrón del Cultivador de Cristales; su casilla de invocación es e5.
lessons-frozen-cards-1-hint-2 = Su efecto mejora la ficha azul de g5; después la carta queda congelada delante de ti.
lessons-frozen-cards-2-goal = Descongela al Cultivador de Cristales.
lessons-frozen-cards-2-hint-1 = Descongelar no gasta ninguna acción: elige descongelar al Cultivador de Cristales.
lessons-frozen-cards-2-hint-2 = Su efecto congelado mejora una de tus fichas básicas: elige d4 o e4.

lessons-gateway = El Portal (Vacío Abisal)
lessons-gateway-text = Las criaturas del Vacío Abisal actúan a través del Portal, una de tus fichas básicas o heroicas, señalada como tal. Empiezas sin Portal: la primera criatura del Vacío Abisal que invocas pasa a ser tu Portal. Tienes como mucho uno; algunos efectos hacen que otra ficha pase a ser el Portal, y si el Portal es destruido, la siguiente criatura del Vacío Abisal que invoques ocupa su lugar. Los efectos que hablan del Portal no hacen nada mientras no tengas uno.
lessons-gateway-1-goal = Invoca al Diablillo de Llamas: pasa a ser tu Portal.
lessons-gateway-1-hint-1 = Tus fichas básicas de c5 y d4 forman el patrón del Diablillo de Llamas; su casilla de invocación es e5.
lessons-gateway-1-hint-2 = Su efecto, destruir una ficha básica adyacente al Portal, es opcional: puedes omitirlo.
lessons-gateway-2-goal = Destruye la ficha azul adyacente a tu Portal.
lessons-gateway-2-hint-1 = Tu Portal está en e5 y la ficha azul en f6, adyacente a él. El Diablillo de Llamas puede destruir una ficha básica adyacente al Portal, esté donde esté el propio Diablillo.
lessons-gateway-2-hint-2 = Invoca al Diablillo de Llamas en d3 con tus fichas de b3 y c2, y después elige f6.

lessons-warps = Efectos de distorsión (Tejido Etéreo)
lessons-warps-text = Muchas criaturas de Tejido Etéreo tienen un efecto de distorsión. En tu turno, salvo en tu primer turno de la partida, puedes jugarlo desde tu mano sin gastar ninguna acción y sin patrón: la carta se pone boca arriba encima de tu mazo como tu criatura pendiente y se resuelve su efecto de distorsión. La criatura pendiente sigue contando como una carta de tu mano, y puedes invocarla más tarde como de costumbre. Solo puedes tener una criatura pendiente; si sigue pendiente al final de la partida, pierdes 2 puntos.
lessons-warps-1-goal = Juega el efecto de distorsión del Gemelo Sombrío Menor.
lessons-warps-1-hint-1 = Un efecto de distorsión se juega desde la mano, sin invocar: elige jugar el efecto de distorsión del Gemelo Sombrío Menor.
lessons-warps-1-hint-2 = Su efecto de distorsión mejora una de tus fichas básicas: elige cualquiera.
lessons-warps-2-goal = Invoca a tu criatura pendiente, el Gemelo Sombrío Menor.
lessons-warps-2-hint-1 = Una ficha heroica puede ocupar el lugar de una básica en un patrón: tu fila de d4, e4 y f4 sigue formando el patrón del Gemelo Sombrío Menor.
lessons-warps-2-hint-2 = Su casilla de invocación es d5 (o f5, reflejado).
