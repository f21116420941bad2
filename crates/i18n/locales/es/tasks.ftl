# Tash-Kalar: las 24 misiones de la variante de élite (High Form) en español.
# Id de cada mensaje: el id de referencia de la misión con «.» cambiado por «-».
# Valor: el nombre. Atributo .text: el requisito, que se comprueba al final de
# tu turno. Terminología: ver GLOSSARY.md en esta misma carpeta.

tasks-destruction = Destrucción
    .text = En este turno has destruido 3 o más fichas enemigas.
tasks-devastation = Devastación
    .text = En este turno has destruido 4 o más fichas enemigas.
tasks-heroic_destruction = Destrucción Heroica
    .text = En este turno has destruido 3 o más fichas enemigas, y al menos 1 de ellas estaba mejorada en ese momento.
tasks-heroic_devastation = Devastación Heroica
    .text = En este turno has destruido 4 o más fichas enemigas, y al menos 2 de ellas estaban mejoradas en ese momento.
tasks-end_of_legends = Fin de las Leyendas
    .text = En este turno has destruido una ficha legendaria enemiga, o 2 o más fichas heroicas enemigas.
tasks-red_conquest = Conquista Roja
    .text = 3 o más de tus fichas en casillas rojas, y al menos 2 de ellas mejoradas.
tasks-green_conquest = Conquista Verde
    .text = 3 o más de tus fichas en casillas verdes, y al menos 2 de ellas mejoradas.
tasks-color_conquest = Conquista de Colores
    .text = 5 o más de tus fichas en casillas rojas o verdes, y al menos 3 de ellas mejoradas.
tasks-red_legends = Leyendas Rojas
    .text = 2 o más de tus fichas mejoradas en casillas rojas, y al menos 1 de ellas legendaria.
tasks-green_legends = Leyendas Verdes
    .text = 2 o más de tus fichas mejoradas en casillas verdes, y al menos 1 de ellas legendaria.
tasks-rainbow_dominance = Dominio del Arcoíris
    .text = Más fichas mejoradas que el rival en las casillas rojas, y también más en las casillas verdes.
tasks-red_summoning = Invocación Roja
    .text = En este turno has invocado 2 o más criaturas, y al menos 1 de ellas en una casilla roja.
tasks-green_summoning = Invocación Verde
    .text = En este turno has invocado 2 o más criaturas, y al menos 1 de ellas en una casilla verde.
tasks-colored_summoning = Invocación de Colores
    .text = En este turno has invocado 2 o más criaturas en casillas rojas o verdes (la misma casilla dos veces también vale).
tasks-legendary_summoning = Invocación Legendaria
    .text = En este turno has invocado 2 o más criaturas, y al menos 1 de ellas era una leyenda.
tasks-central_dominance = Dominio Central
    .text = 5 o más de tus fichas en las casillas centrales d4-f6, y al menos 2 de ellas mejoradas.
tasks-center_cross = Cruz Central
    .text = Tienes fichas en todas estas casillas: e5, d5, f5, e4 y e6; o en todas estas: e5, d4, f4, d6 y f6.
tasks-line_dominance = Dominio de Línea
    .text = En una de las filas 4, 5 o 6 o de las columnas d, e o f, tienes 6 o más fichas más que el rival.
tasks-diagonals = Diagonales
    .text = En cada diagonal larga (b2-h8 y b8-h2), 4 o más de tus fichas, y al menos 1 de ellas mejorada.
tasks-side_chain = Cadena Lateral
    .text = Una cadena de fichas tuyas adyacentes que va desde una casilla de un lado del tablero hasta una casilla del lado opuesto.
tasks-corner_chain = Cadena de Esquinas
    .text = Una cadena de fichas tuyas adyacentes que va desde las casillas de una esquina recortada hasta las de la esquina recortada opuesta.
tasks-imprisonment = Encarcelamiento
    .text = Una ficha enemiga con fichas tuyas en 6 o más de sus casillas adyacentes.
tasks-envelopment = Envolvimiento
    .text = Una ficha enemiga con fichas tuyas en 7 o más de sus casillas adyacentes.
tasks-isolation = Aislamiento
    .text = Una ficha enemiga que está a distancia exactamente 2 de otra ficha enemiga y que no podría quedar adyacente a ninguna otra ficha enemiga en 3 movimientos por casillas vacías.
