# Table manners: take-back requests, the resignation's confirmation, the
# spectators' chat, muting a game's chat (server: actor/manners.rs; page:
# web/manners.js).

## Refusals (`error-<code>`, as every server refusal)

error-undo-rated = in a rated game a take-back needs the other players' agreement: ask them
error-takeback-open = a take-back request is already open
error-takeback-declined = your take-back request was declined at this position
error-takeback-nobody = there is nobody to ask for a take-back
error-no-takeback = there is no take-back request for you to answer

## Take-back requests

manners-takeback-ask = Ask to take back
manners-takeback-ask-title = Ask the other players to let you take back your choices this turn
manners-takeback-asked = { $who } asks to take back { $choices ->
    [one] a choice
   *[other] { $choices } choices
 }.
manners-takeback-accept = Accept
manners-takeback-decline = Decline
manners-takeback-waiting = Waiting for the answer…

## Resigning

manners-resign-yes = Resign
manners-resign-no = Keep playing

## The chats

manners-chat-mute = Mute this game's chat
manners-chat-muted = The chat of this game is muted in this browser.
manners-spectators-chat = Spectators' chat
manners-spectators-chat-label = Message to the other spectators
manners-spectators-chat-note = Only spectators read this; the players see it after the game.
manners-spectator = Spectator
