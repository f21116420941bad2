# La página de las lecciones (`web/learn.*`, `/learn`) y los errores de sus rutas.
learn-web-page-title = Tash-Kalar: lecciones
learn-web-title = Lecciones
learn-web-step = Paso { $n } de { $count }:
learn-web-hint = Pista
learn-web-restart = Empezar el paso de nuevo
learn-web-next = Siguiente
learn-web-done = completada
learn-web-not-here = { $square } no es una de tus opciones ahora: no se ha jugado nada.
learn-web-pick = Hay varias opciones en { $square }: elige una abajo.
learn-web-failed = Tu turno ha terminado sin cumplir el objetivo: el paso empieza de nuevo.
learn-web-step-done = Bien hecho: has cumplido el objetivo. Vamos al siguiente paso.
learn-web-lesson-done = Bien hecho: has completado la lección.
learn-web-all-done = Bien hecho: has completado todas las lecciones.
error-no-such-lesson = no existe esa lección o ese paso
error-lesson-choice = «{ $choice }» no es una de las opciones aquí; no se ha jugado nada
