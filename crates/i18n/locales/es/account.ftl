## Cuentas (crates/server/src/account, web/account.*, web/nav.js).
## Los mensajes error-* son los rechazos de las rutas de cuentas, por su código.

error-bad-name = { $reason ->
    [too-short] un nombre tiene al menos { $min } caracteres
    [too-long] un nombre tiene como mucho { $max } caracteres
    [reserved] este nombre está reservado para los jugadores y las palabras del propio servidor
    [mixed-scripts] un nombre se escribe en una sola escritura (latina, cirílica, griega...), y la latina solo junto a la china, la japonesa o la coreana
   *[characters] un nombre se compone de letras, cifras, _ y -, y empieza por una letra o una cifra
}
error-bad-password = { $reason ->
    [too-long] una contraseña tiene como mucho { $max } bytes
   *[too-short] una contraseña tiene al menos { $min } caracteres
}
error-name-taken = este nombre ya está en uso
error-bad-credentials = ninguna cuenta tiene este nombre y esta contraseña
error-sign-in-required = inicia sesión primero
error-too-many-sign-ins = demasiados intentos de inicio de sesión; inténtalo de nuevo en { $secs } s
error-too-many-accounts = demasiadas cuentas creadas desde tu dirección; inténtalo de nuevo en { $secs } s
error-cross-origin = se rechaza una petición con sesión iniciada que viene de otro sitio

account-nav-label = Sitio
account-nav-lobby = Sala
account-nav-learn = Aprender
account-nav-puzzles = Problemas
account-nav-leaderboard = Clasificación
account-nav-sign-in = Iniciar sesión

account-page-title = Tash-Kalar: tu cuenta
account-title = Tu cuenta
account-optional = La cuenta es opcional: los invitados juegan con un enlace. Con una cuenta, tus partidas te siguen a cualquier navegador donde inicies sesión.
account-sign-in = Iniciar sesión
account-sign-up = Crear una cuenta
account-sign-out = Cerrar sesión
account-name = Nombre
account-password = Contraseña
account-name-rules = de 3 a 20 letras o cifras, _ o -
account-password-rules = al menos 8 caracteres
account-signed-in-as = Sesión iniciada como { $name }
account-change-password = Cambiar la contraseña
account-old-password = Contraseña actual
account-new-password = Contraseña nueva
account-password-changed = Contraseña cambiada; tus otros navegadores han cerrado la sesión.
account-delete = Eliminar la cuenta
account-delete-warning = Tus partidas se quedan, con un nombre anónimo. No se puede deshacer.
account-deleted = Cuenta eliminada.
account-my-games = Mis partidas
account-no-games = Ninguna partida en curso.
account-game-item = { $form }, asiento { $seat }

account-blocks = Jugadores que bloqueas
account-blocks-help = No pueden desafiarte ni emparejarse contigo, y ninguno de los dos ve el chat del otro. Bloquea a un jugador desde la lista de quién está en línea del vestíbulo.
account-blocks-none = No bloqueas a nadie.
account-unblock = Desbloquear
account-unblock-title = Desbloquear a { $name }
account-unblocked = Ya no bloqueas a { $name }.
