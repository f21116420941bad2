# Un grupo de elecciones legales iguales salvo por su casilla.
legal-summon = invocar { $card } ({ $orientation })
legal-place = colocar una ficha básica
legal-pickup = recoger una de tus fichas para colocarla en otro sitio
