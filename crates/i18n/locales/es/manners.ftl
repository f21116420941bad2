# Modales en la mesa: peticiones de deshacer, la confirmación al rendirse,
# el chat de los espectadores, silenciar el chat de una partida.

## Rechazos (`error-<code>`, como todo rechazo del servidor)

error-undo-rated = en una partida puntuada, deshacer requiere el acuerdo de los demás jugadores: pídeselo
error-takeback-open = ya hay una petición de deshacer abierta
error-takeback-declined = tu petición de deshacer fue rechazada en esta posición
error-takeback-nobody = no hay nadie a quien pedir que deshagas
error-no-takeback = no hay ninguna petición de deshacer que debas responder

## Peticiones de deshacer

manners-takeback-ask = Pedir deshacer
manners-takeback-ask-title = Pide a los demás jugadores que te dejen deshacer tus elecciones de este turno
manners-takeback-asked = { $who } pide deshacer { $choices ->
    [one] una elección
   *[other] { $choices } elecciones
 }.
manners-takeback-accept = Aceptar
manners-takeback-decline = Rechazar
manners-takeback-waiting = Esperando la respuesta…

## Rendirse

manners-resign-yes = Rendirse
manners-resign-no = Seguir jugando

## Los chats

manners-chat-mute = Silenciar el chat de esta partida
manners-chat-muted = El chat de esta partida está silenciado en este navegador.
manners-spectators-chat = Chat de los espectadores
manners-spectators-chat-label = Mensaje a los demás espectadores
manners-spectators-chat-note = Solo lo leen los espectadores; los jugadores lo ven al acabar la partida.
manners-spectator = Espectador
