# Tash-Kalar: nombres y textos de las cartas en español.
# Imperio (del Norte y del Sur), Tierras Altas, Silvanos, Hielo Eterno,
# las 12 leyendas y los 12 destellos.
# Id de cada mensaje: el id de referencia de la carta con «.» cambiado por «-».
# Valor: el nombre. Atributos: .text = el efecto; .frozen = el efecto congelado.
# Terminología: ver GLOSSARY.md en esta misma carpeta.

## Imperio (del Norte y del Sur: las mismas 18 cartas)

imperial-swordmaster = Maestra de Espadas
    .text = Puedes destruir una pieza común enemiga que esté en una casilla adyacente en diagonal a la Maestra de Espadas. Si lo haces, mejora a la Maestra de Espadas.
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

## Tierras Altas

highland-wild_eagle = Águila Salvaje
    .text = El Águila Salvaje puede hacer un salto de combate a cualquier casilla del tablero.
highland-clan_axeman = Hachero del Clan
    .text = Puedes destruir una pieza no legendaria adyacente en ortogonal al Hachero del Clan.
highland-clan_healer = Curandero del Clan
    .text = Puedes colocar hasta 2 piezas comunes, cada una en una casilla vacía adyacente a una casilla verde.
highland-dire_wolf = Lobo Terrible
    .text = El Lobo Terrible puede hacer hasta 2 movimientos de combate.
highland-ritual_keeper = Custodio del Ritual
    .text = Invocado en una casilla verde: mejora una de tus piezas comunes. Invocado en una casilla roja: una de tus piezas puede hacer un movimiento de combate. En otra casilla: nada.
highland-eagle_lord = Señor de las Águilas
    .text = El Señor de las Águilas puede hacer un salto de combate a cualquier casilla del tablero.
highland-wolf_rider = Jinete de Lobo
    .text = El Jinete de Lobo puede hacer hasta 2 movimientos de combate.
highland-blood_shaman = Chamán de Sangre
    .text = Destruye una pieza no legendaria en cualquier lugar del tablero. Si estaba en una casilla roja, destruye también todas las piezas comunes adyacentes a esa casilla.
highland-war_drummer = Tamborilero de Guerra
    .text = Se invoca sobre una pieza tuya. Elige: una de tus otras piezas hace un movimiento de combate, o tus otras piezas hacen hasta 2 movimientos estándar.
highland-hill_giant = Gigante de las Colinas
    .text = Destruye todas las piezas no legendarias adyacentes en ortogonal al Gigante de las Colinas.
highland-warlord = Caudillo
    .text = Tus piezas pueden hacer hasta 3 movimientos de combate en total; si son 3, al menos uno debe hacerlo el Caudillo.
highland-war_summoner = Invocador de Guerra
    .text = Ganas una acción. El siguiente ser que invoques en este turno puede usar en su patrón una pieza enemiga como si fuera tuya.
highland-ritual_master = Maestro del Ritual
    .text = Invocado en una casilla verde: ganas 2 acciones. Invocado en una casilla roja: puedes destruir una pieza heroica y una pieza común en cualquier lugar del tablero. En otra casilla: nada.
highland-legend_slayer = Matador de Leyendas
    .text = Entre las piezas adyacentes en diagonal al Matador de Leyendas, puedes destruir o bien una pieza legendaria, o bien hasta 2 piezas no legendarias.
highland-mountain_troll = Trol de la Montaña
    .text = Destruye todas las piezas comunes enemigas adyacentes al Trol de la Montaña. Si son 2 o más, ganas una acción.
highland-hungry_bear = Oso Hambriento
    .text = El Oso Hambriento puede hacer hasta 2 movimientos estándar, pero se detiene tras moverse a una casilla vacía.
highland-werewolf = Hombre Lobo
    .text = Invocado en una casilla roja o verde que no sea e5: el Hombre Lobo puede hacer hasta 3 movimientos de combate. En otra casilla: puede hacer un movimiento estándar.
highland-clan_guardian = Guardián del Clan
    .text = Puedes mejorar una pieza común en una casilla marcada (una de las piezas con las que se invocó al Guardián del Clan).

## Silvanos

sylvan-sapling = Retoño
    .text = Mejora el Retoño en cuanto esté en el tablero.
sylvan-kiskin_farseeders = Sembradores Kiskin
    .text = Puedes colocar una de tus piezas comunes en una casilla vacía adyacente a cualquiera de tus piezas.
sylvan-charging_buck = Ciervo a la Carga
    .text = El Ciervo a la Carga puede hacer hasta 2 saltos de combate, cada uno a una casilla a distancia exactamente 2.
sylvan-forest_wardens = Guardas del Bosque
    .text = Si un oponente tiene más piezas comunes que tú, destruye una pieza común de ese oponente. Después, si un oponente tiene más piezas mejoradas que tú, destruye una pieza heroica de ese oponente.
sylvan-naiad = Náyade
    .text = Hasta 2 de tus piezas adyacentes a la Náyade pueden hacer un movimiento estándar cada una.
sylvan-kiskin_spirit = Espíritu Kiskin
    .text = Puedes poner una carta de tu pila de descartes encima de tu mazo. Si lo haces, o si esa pila está vacía, al final de este turno robas un ser adicional.
sylvan-dryad = Dríade
    .text = Se invoca sobre una pieza tuya. Puedes convertir una pieza enemiga no legendaria adyacente a la Dríade en una pieza común tuya.
sylvan-centaur_spearman = Lancero Centauro
    .text = El Lancero Centauro puede hacer un movimiento de combate. Si lo hace, destruye la siguiente pieza que haya más allá en esa misma dirección, salvo que sea legendaria.
sylvan-centaur_chieftain = Jefe Centauro
    .text = El Jefe Centauro puede hacer un movimiento de combate. Si lo hace, tus otras piezas pueden hacer hasta 3 movimientos de combate, cada uno de un paso en esa misma dirección.
sylvan-unicorn = Unicornio
    .text = O bien el Unicornio puede hacer un movimiento de combate, o bien ganas una acción.
sylvan-sylvan_queen = Reina Silvana
    .text = Puedes convertir una pieza enemiga no legendaria que esté en una casilla marcada en una pieza tuya del mismo rango.
sylvan-sylvan_princess = Princesa Silvana
    .text = Puedes convertir una pieza común enemiga que esté en una casilla marcada en una pieza común tuya.
sylvan-woodland_druid = Druida Silvestre
    .text = Mejora una pieza común de cada color de la partida, incluido el tuyo.
sylvan-forest_ancient = Anciano del Bosque
    .text = Coloca 2 piezas comunes enemigas en casillas vacías a distancia 2 o menos. Después, por cada pieza colocada, destruye una pieza común de su color a distancia 3 o menos.
sylvan-forest_mystic = Místico del Bosque
    .text = Al final de este turno, robas un ser adicional y una leyenda adicional.
sylvan-kiskin_leafsplitter = Cortahojas Kiskin
    .text = Hasta dos veces: elige una flecha y destruye la primera pieza en esa dirección.
sylvan-kiskin_boughrunner = Correrramas Kiskin
    .text = El Correrramas Kiskin puede hacer hasta 3 movimientos de combate, y cada uno debe terminar adyacente a otra de tus piezas.
sylvan-tree_shepherd = Pastor de Árboles
    .text = Elige una de tus piezas: si es común, la mejoras; si es heroica, puede hacer un movimiento de combate; si es legendaria, puede hacer un movimiento estándar.

## Hielo Eterno

everfrost-snow_fox = Zorro de las Nieves
    .text = El Zorro de las Nieves puede hacer hasta 2 movimientos estándar.
everfrost-royal_reindeer = Reno Real
    .text = El Reno Real puede hacer un salto de combate a una casilla a distancia exactamente 2. Después, si ni la invocación ni el salto destruyeron ninguna pieza, mejora el Reno Real.
everfrost-crystal_mirror = Espejo de Cristal
    .text = Elige una pieza heroica o hasta 2 piezas comunes en casillas marcadas en amarillo. Por cada una, pon una pieza tuya de su mismo rango en su casilla simétrica respecto a la línea del Espejo, si esa casilla está vacía.
everfrost-crystal_grower = Cultivador de Cristales
    .text = Mejora una pieza común de cada oponente.
    .frozen = Mejora una de tus piezas comunes.
everfrost-ice_princess = Princesa de Hielo
    .text = Otra de tus piezas comunes puede hacer un movimiento de combate.
    .frozen = Una de tus piezas comunes hace un movimiento estándar.
everfrost-ice_queen = Reina de Hielo
    .text = Se invoca sobre una pieza tuya. Otra de tus piezas heroicas puede hacer un movimiento de combate.
    .frozen = Una de tus piezas heroicas hace un movimiento estándar.
everfrost-frostweave_summoner = Invocador Tejescarcha
    .text = Sin efecto al invocarlo.
    .frozen = Descongélalo justo antes de una invocación: una pieza enemiga del rango que pide una casilla del patrón puede ocupar allí el lugar de una de tus piezas.
everfrost-winter_whisperer = Susurrador Invernal
    .text = Sin efecto al invocarlo.
    .frozen = Puedes destruir una de tus piezas comunes y puedes descartar tu destello. Si haces ambas cosas, ganas una acción.
everfrost-frozen_chest = Cofre Helado
    .text = Se invoca sobre una pieza tuya. Puedes congelar una carta con efecto congelado de tu pila de descartes (solo puedes tener una carta congelada).
everfrost-everfrost_sentinel = Centinela del Hielo Eterno
    .text = Si la invocación destruyó una pieza enemiga, puedes degradar al Centinela; si lo haces, tus oponentes tienen 1 acción menos en su próximo turno.
everfrost-glacier_giant = Gigante del Glaciar
    .text = El Gigante del Glaciar puede hacer cualquier número de movimientos de combate en la dirección de una flecha. Tras al menos uno, puede avanzar un paso más en esa dirección sobre una pieza legendaria: ambos se destruyen.
everfrost-polar_bear = Oso Polar
    .text = El Oso Polar puede hacer un movimiento de combate; si destruyó una pieza, un movimiento estándar; si este destruyó una pieza, un movimiento a una casilla vacía.
everfrost-war_sled = Trineo de Guerra
    .text = El Trineo de Guerra puede hacer hasta 3 movimientos de combate: el primero en la dirección de una flecha; cada uno de los siguientes, en la misma dirección que el anterior o girado 45 grados.
everfrost-snow_monster = Monstruo de las Nieves
    .text = Se invoca sobre una pieza tuya. Destruye todas las piezas comunes enemigas a distancia 2 o menos del Monstruo de las Nieves que sean adyacentes a alguna de tus piezas.
everfrost-frost_imp = Diablillo de Escarcha
    .text = Una pieza común adyacente al Diablillo de Escarcha puede deslizarse en una dirección: hace movimientos estándar hasta que no pueda seguir.
everfrost-ice_wyvern = Guiverno de Hielo
    .text = El Guiverno de Hielo puede hacer un salto de combate a cualquier casilla. Si destruye una pieza, destruye también el Guiverno de Hielo.
    .frozen = Coloca una pieza común en una casilla vacía adyacente a una de tus piezas heroicas.
everfrost-deathbringer = Portador de la Muerte
    .text = Puedes destruir una pieza adyacente al Portador de la Muerte: si es heroica, debe estar adyacente a otra de tus piezas; si es legendaria, a otras 3. Cuenta como 2 piezas destruidas y sale de la partida.
everfrost-frostweave_illusionist = Ilusionista Tejescarcha
    .text = Convierte al Ilusionista Tejescarcha en una pieza común del color de un oponente.
    .frozen = Convierte una pieza común enemiga en una pieza común tuya.

## Leyendas

legends-fire_dragon = Dragón de Fuego
    .text = Elige una flecha. Destruye todas las piezas no legendarias a 2 casillas o menos del Dragón en la dirección de esa flecha y en las dos líneas a 45 grados a cada lado de ella.
legends-hell_bull = Toro Infernal
    .text = Se invoca sobre una pieza tuya. El Toro puede hacer cualquier número de movimientos de combate, todos en una misma dirección; se detiene tras destruir una pieza legendaria.
legends-angel_of_death = Ángel de la Muerte
    .text = Se invoca sobre una pieza mejorada tuya. Puedes elegir otra pieza: mejórala y después el Ángel hace un salto de combate sobre ella.
legends-the_eldest_tree = El Árbol Primigenio
    .text = Elige hasta 3 casillas adyacentes, de una en una: destruye la pieza enemiga no legendaria que haya en ella, mejora tu pieza común que haya en ella o, si está vacía, coloca en ella una pieza común tuya.
legends-bone_catapult = Catapulta de Hueso
    .text = Puedes destruir una pieza cualquiera situada en la línea de una flecha y después todas las piezas comunes adyacentes a ella.
legends-fire_elemental = Elemental de Fuego
    .text = Elige: destruye todas las piezas enemigas no legendarias adyacentes al Elemental, o todas las piezas comunes enemigas a distancia 2 o menos.
legends-leviathan = Leviatán
    .text = Elige: degrada un grupo conectado de hasta 3 piezas mejoradas, o destruye un grupo conectado de hasta 4 piezas comunes.
legends-two_headed_dragon = Dragón Bicéfalo
    .text = Puedes mejorar una pieza en una casilla marcada. Si lo haces, puedes destruir una pieza heroica adyacente a ella.
legends-earth_elemental = Elemental de Tierra
    .text = Destruye una pieza no legendaria situada en una casilla roja o adyacente a una. Mejora una pieza común situada en una casilla verde o adyacente a una. Después, el Elemental puede hacer un movimiento de combate a una casilla roja o verde adyacente.
legends-time_elemental = Elemental del Tiempo
    .text = Después de este turno juegas otro turno completo, aunque ya se haya desencadenado el final de la partida.
legends-storm_elemental = Elemental de Tormenta
    .text = Se invoca sobre una pieza tuya. Puedes colocar una pieza de cualquier rango a distancia 3 o menos; puede hacer movimientos de combate en una misma dirección (hasta 5 si es común, 3 si es heroica, 1 si es legendaria) y después se destruye.
legends-titan = Titán
    .text = Destruye todas las piezas adyacentes en ortogonal al Titán y todas las piezas no legendarias adyacentes en diagonal. No cuentan como destruidas por ti.

## Destellos (mitad superior: el oponente tiene al menos N piezas mejoradas más;
## mitad inferior: el oponente tiene al menos N piezas más)

flares-01 = Destello 01
    .text = Superior (3 mejoradas más): coloca una pieza común en una casilla vacía. Inferior (6 piezas más): coloca una pieza heroica en una casilla vacía.
flares-02 = Destello 02
    .text = Superior (4 mejoradas más): coloca una pieza común en una casilla vacía. Inferior (4 piezas más): coloca una pieza común en una casilla vacía.
flares-03 = Destello 03
    .text = Superior (3 mejoradas más): hasta 3 movimientos estándar, cada uno con cualquiera de tus piezas comunes. Inferior (5 piezas más): ganas una acción.
flares-04 = Destello 04
    .text = Superior (4 mejoradas más): coloca una pieza común en una casilla vacía. Inferior (5 piezas más): coloca una pieza común en una casilla vacía o convierte una pieza común enemiga.
flares-05 = Destello 05
    .text = Superior (3 mejoradas más): una de tus piezas comunes hace un movimiento estándar, o mejora una de tus piezas comunes. Inferior (6 piezas más): coloca dos piezas comunes en casillas vacías.
flares-06 = Destello 06
    .text = Superior (4 mejoradas más): coloca una pieza común en una casilla vacía o mejora una de tus piezas comunes. Inferior (4 piezas más): una de tus piezas comunes puede hacer un salto de combate.
flares-07 = Destello 07
    .text = Superior (4 mejoradas más): coloca una pieza común en una casilla vacía. Inferior (6 piezas más): mejora una de tus piezas comunes y ganas una acción.
flares-08 = Destello 08
    .text = Superior (4 mejoradas más): ganas una acción. Inferior (5 piezas más): coloca una pieza común en una casilla vacía.
flares-09 = Destello 09
    .text = Superior (5 mejoradas más): coloca una pieza heroica en una casilla vacía. Inferior (4 piezas más): tus piezas comunes pueden hacer un movimiento estándar y uno de combate, en cualquier orden (con la misma pieza o con dos distintas).
flares-10 = Destello 10
    .text = Superior (5 mejoradas más): coloca dos piezas comunes en casillas vacías. Inferior (5 piezas más): coloca una pieza común en una casilla vacía.
flares-11 = Destello 11
    .text = Superior (3 mejoradas más): coloca una pieza común en una casilla vacía. Inferior (4 piezas más): tus piezas no legendarias pueden hacer un movimiento de combate, o hasta dos movimientos estándar.
flares-12 = Destello 12
    .text = Superior (2 mejoradas más): una de tus piezas comunes puede hacer un salto estándar. Inferior (5 piezas más): ganas una acción.
