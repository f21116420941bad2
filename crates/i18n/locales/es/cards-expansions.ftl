# Tash-Kalar: nombres y textos en español de las escuelas de expansión
# Vacío Abisal (Nethervoid) y Tejido Etéreo (Etherweave), 36 cartas.
# Id de cada mensaje: el id de referencia de la carta con «.» cambiado por «-».
# Valor: el nombre. Atributos: .text = el efecto; .warp = el efecto de distorsión.
# El Portal (Gateway) es la ficha del jugador del Vacío Abisal marcada como tal.
# Terminología: ver GLOSSARY.md en esta misma carpeta.

## Vacío Abisal (Nethervoid)

nethervoid-shadow_imp = Diablillo de Sombra
    .text = El Diablillo de Sombra puede hacer un movimiento de combate. Si lo hace y no es el Portal, después el Portal puede hacer un movimiento de combate en esa misma dirección.
nethervoid-flame_imp = Diablillo de Llamas
    .text = Puedes destruir una ficha básica adyacente al Portal.
nethervoid-gate_keeper = Guardián del Portal
    .text = Puedes mejorar una de tus fichas básicas o colocar una ficha básica en cualquier casilla vacía. Esa ficha pasa a ser el Portal.
nethervoid-demon_of_gluttony = Demonio de la Gula
    .text = El Demonio de la Gula puede hacer un movimiento de combate. Si destruye una ficha, mejora al Demonio, que puede hacer otro movimiento de combate; si este también destruye una ficha, el Demonio pasa a ser el Portal.
nethervoid-demon_of_pride = Demonio de la Soberbia
    .text = Mejora al Demonio de la Soberbia, que pasa a ser el Portal. Después puede hacer un movimiento de combate.
nethervoid-acolyte_of_destruction = Acólito de la Destrucción
    .text = Destruye una ficha básica en cualquier lugar del tablero. Si el Portal está en una casilla roja, puedes destruir además una ficha heroica adyacente a la casilla de esa ficha básica.
nethervoid-acolyte_of_growth = Acólito del Crecimiento
    .text = Coloca una ficha básica en cualquier casilla vacía. Si el Portal está en una casilla verde, coloca además una ficha heroica en una casilla vacía adyacente a esa ficha básica.
nethervoid-power_seeker = Buscador de Poder
    .text = Si el Buscador de Poder es el Portal, puede hacer un movimiento normal. Si no, puede hacer cualquier número de movimientos de combate, cada uno acercándose al Portal.
nethervoid-hell_hound = Sabueso Infernal
    .text = Puedes destruir una ficha adyacente al Sabueso Infernal. Después, si así no destruiste una ficha legendaria y a tu mazo le quedan cartas, pon esta carta debajo de tu mazo en lugar de en tu pila de descarte.
nethervoid-vortexmaster = Señor del Vórtice
    .text = El Portal puede hacer un movimiento de combate. Después, una de tus fichas adyacentes al Portal puede hacer un movimiento de combate.
nethervoid-gate_master = Maestro del Portal
    .text = Mejora el Portal. Después elige una de tus fichas no legendarias, que pasa a ser el Portal. Si el Portal mejorado se volvió legendario, cuenta como una leyenda invocada en la casilla del Maestro del Portal.
nethervoid-hell_rider = Jinete Infernal
    .text = Se invoca sobre una ficha tuya. Si el Jinete Infernal es el Portal, puede hacer un movimiento de combate; si no, hasta 3.
nethervoid-demon_of_wrath = Demonio de la Ira
    .text = Si no hay ninguna ficha básica enemiga adyacente al Portal, el Portal puede hacer primero un movimiento normal. Después, destruye todas las fichas básicas enemigas adyacentes al Portal.
nethervoid-demon_of_greed = Demonio de la Avaricia
    .text = Destruye una de tus fichas básicas y una de tus fichas heroicas, ninguna de ellas el Portal. Obtienes una acción por cada ficha destruida así.
nethervoid-demon_of_lust = Demonio de la Lujuria
    .text = Puedes elegir hasta 2 fichas de cualquier color: cada una hace un movimiento de combate que la acerque al Portal, sin terminar en la casilla del Portal.
nethervoid-demon_of_sloth = Demonio de la Pereza
    .text = Pierdes una de las acciones que te quedan en este turno. Si no te queda ninguna, se destruye el Portal.
nethervoid-demon_of_envy = Demonio de la Envidia
    .text = Se invoca sobre una ficha tuya. Coloca una ficha básica en una casilla vacía adyacente al Portal; repite mientras quede una casilla así y algún rival tenga más fichas en el tablero que tú.
nethervoid-possessed_summoner = Invocador Poseído
    .text = Coloca una ficha básica de un rival en una casilla vacía adyacente a una ficha de su color. Tu siguiente invocación de este turno debe formar su patrón con fichas de ese color en lugar de las tuyas. Además, puedes descartar tu estallido; si lo haces, obtienes una acción.

## Tejido Etéreo (Etherweave)

etherweave-doppelganger = Doppelgänger
    .text = Si tienes una criatura pendiente, resuelve ahora una copia de su efecto de distorsión; la criatura sigue pendiente.
etherweave-paradox_worm = Gusano de la Paradoja
    .text = Puedes intercambiar de casilla una de tus fichas no legendarias y una ficha enemiga del mismo rango.
    .warp = Mejora una ficha básica de un rival. Después, puedes poner tu criatura pendiente en tu pila de descarte.
etherweave-lesser_shadow_twin = Gemelo Sombrío Menor
    .text = Solo si el Gemelo Sombrío Mayor está en tu pila de descarte: elige una de tus fichas y destruye hasta 2 fichas básicas adyacentes a ella.
    .warp = Mejora una de tus fichas básicas.
etherweave-translocationist = Translocador
    .text = Puedes hacer hasta 2 intercambios de casilla, cada uno entre una de tus fichas heroicas y una de tus fichas básicas.
    .warp = Obtienes una acción.
etherweave-antimatter_spirit = Espíritu de Antimateria
    .text = Sin efecto al invocarlo.
    .warp = Efecto vinculado: coloca una ficha básica tuya en una casilla vacía sin color; hace un movimiento de combate. Después coloca en esa misma casilla una ficha básica de un rival; hace un movimiento de combate en la dirección exactamente opuesta. Si no se puede hacer todo, no se hace nada.
etherweave-merchant_of_time = Mercader del Tiempo
    .text = Si hay una ficha guardada en esta carta, hace un salto normal a una casilla sin color.
    .warp = Retira del tablero una ficha cualquiera que esté en una casilla sin color y guárdala en esta carta. Este efecto no se puede copiar. Mientras esta carta sea tu criatura pendiente, no se puede descartar ni devolver a tu mano.
etherweave-gate_of_oblivion = Puerta del Olvido
    .text = Destruye la ficha que haya en la casilla señalada en morado. Después, puedes destruir una ficha no legendaria en una casilla señalada en rojo.
    .warp = Hasta el final de este turno, cada ficha que destruyas cuenta como dos fichas destruidas del mismo color y rango.
etherweave-time_traveler = Viajero del Tiempo
    .text = Su patrón puede estar en cualquier lugar del tablero: el Viajero del Tiempo se coloca en cualquier casilla vacía sin color. Puedes destruir una ficha básica adyacente al Viajero del Tiempo; si lo haces, pon la carta superior de tu pila de descarte encima de tu mazo.
etherweave-greater_shadow_twin = Gemelo Sombrío Mayor
    .text = Solo si el Gemelo Sombrío Menor está en tu pila de descarte: puedes destruir una ficha heroica que tenga al menos 2 de tus fichas adyacentes.
    .warp = Mejora una de tus fichas básicas.
etherweave-warpmaster = Señor de la Distorsión
    .text = Puedes elegir una opción: devuelve tu criatura pendiente a tu mano, o el Señor de la Distorsión hace un movimiento normal.
etherweave-dark_sphere = Esfera Oscura
    .text = Se invoca sobre una ficha tuya. Puedes elegir hasta 3 fichas no legendarias, no más de 2 del mismo color: cada una hace un movimiento de combate que termina a distancia exactamente 2 de la Esfera Oscura.
etherweave-void_summoner = Invocador del Vacío
    .text = Tu siguiente invocación de este turno puede contar hasta 2 casillas vacías de su patrón como si tuvieran fichas básicas tuyas.
    .warp = Una de tus fichas no legendarias hace un movimiento normal.
etherweave-eternal_emperor = Emperador Eterno
    .text = Si en este turno no has jugado el efecto de distorsión del Emperador Eterno, puedes resolverlo ahora.
    .warp = Elige: coloca una ficha básica en una casilla vacía, o una de tus fichas hace un movimiento (de combate si es básica, normal si es heroica o legendaria).
etherweave-reality_patch = Parche de Realidad
    .text = Puedes, en este orden: destruir hasta una ficha heroica de cada color enemigo; poner tu criatura pendiente en tu pila de descarte; descartar una carta cualquiera de tu mano (criatura, leyenda o estallido).
etherweave-polarity_queen = Reina de la Polaridad
    .text = Efecto vinculado: elige 2 de tus fichas no legendarias que no sean la Reina de la Polaridad; cada una hace un movimiento de combate, en direcciones exactamente opuestas. Si no se pueden hacer ambos, no se hace ninguno.
    .warp = Coloca una ficha básica en una casilla vacía adyacente a una ficha enemiga.
etherweave-singularity = Singularidad
    .text = Elige una casilla vacía sin color. Cada ficha básica adyacente a ella hace un movimiento de combate a esa casilla, de una en una y en el orden que elijas; solo queda la última.
etherweave-ziggurat_sentinel = Centinela del Zigurat
    .text = Puedes elegir una opción: resuelve una copia del efecto de distorsión de una carta de tu pila de descarte, o el Centinela del Zigurat hace hasta 3 movimientos de combate en la dirección de la flecha.
    .warp = Una de tus fichas no legendarias hace un movimiento de combate o 2 movimientos normales.
etherweave-iris_of_eternity = Iris de la Eternidad
    .text = Puedes elegir una opción: destruye una ficha legendaria adyacente al Iris, o mejora el Iris. Si el Iris se vuelve legendario, cuenta como una leyenda invocada en este turno y descartas todas las leyendas de tu mano.
