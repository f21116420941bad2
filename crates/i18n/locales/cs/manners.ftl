# Chování u stolu: žádosti o vzetí zpět, potvrzení vzdání, chat diváků,
# ztlumení chatu hry.

## Odmítnutí (`error-<code>`, jako každé odmítnutí serveru)

error-undo-rated = v hodnocené hře lze brát zpět jen se souhlasem ostatních hráčů: požádej je
error-takeback-open = žádost o vzetí zpět už je otevřená
error-takeback-declined = tvá žádost o vzetí zpět byla v této pozici odmítnuta
error-takeback-nobody = není koho požádat o vzetí zpět
error-no-takeback = nemáš na co odpovědět: žádná žádost o vzetí zpět není otevřená

## Žádosti o vzetí zpět

manners-takeback-ask = Požádat o vzetí zpět
manners-takeback-ask-title = Požádej ostatní hráče, ať tě nechají vzít zpět tvé volby v tomto tahu
manners-takeback-asked = { $who } žádá o vzetí zpět { $choices ->
    [one] jedné volby
    [few] { $choices } voleb
   *[other] { $choices } voleb
 }.
manners-takeback-accept = Přijmout
manners-takeback-decline = Odmítnout
manners-takeback-waiting = Čeká se na odpověď…

## Vzdání

manners-resign-yes = Vzdát se
manners-resign-no = Hrát dál

## Chaty

manners-chat-mute = Ztlumit chat této hry
manners-chat-muted = Chat této hry je v tomto prohlížeči ztlumený.
manners-spectators-chat = Chat diváků
manners-spectators-chat-label = Zpráva ostatním divákům
manners-spectators-chat-note = Čtou ho jen diváci; hráči ho uvidí po konci hry.
manners-spectator = Divák
