import type { tutorialsPl } from './tutorials.pl';

export const tutorialsNl: Record<keyof typeof tutorialsPl, string> = {
  'tutorials.meta.title': 'Tutorials — GrouaRock',
  'tutorials.meta.description':
    'Handleidingen voor GrouaRock: online radio, uitzendingen opnemen, slaaptimer en wekker, de PRO DJ MIXER, je account, de publieke API en het realtime-kanaal.',
  'tutorials.title': 'Tutorials',
  'tutorials.lead': 'Korte handleidingen over het gebruik van GrouaRock: van je eerste radiozender tot de publieke API.',
  'tutorials.filter.label': 'Categorie van tutorials',
  'tutorials.category.all': 'Alle',
  'tutorials.category.beginner': 'Voor beginners',
  'tutorials.category.api': 'API',
  'tutorials.category.radio': 'Radio',
  'tutorials.category.audio': 'Audio',
  'tutorials.category.advanced': 'Gevorderd',
  'tutorials.empty': 'Geen tutorials in deze categorie',
  'tutorials.count': '{count, plural, one {# tutorial} other {# tutorials}}',
  'tutorials.list.label': 'Lijst met tutorials',
  'tutorials.difficulty.easy': 'Makkelijk',
  'tutorials.difficulty.medium': 'Gemiddeld',
  'tutorials.difficulty.hard': 'Moeilijk',
  'tutorials.difficulty.label': 'Niveau: {difficulty}',
  'tutorials.type.article': 'Artikel',
  'tutorials.duration': '{minutes} min lezen',
  'tutorials.author': 'Door {author}',
  'tutorials.authorName': 'Het GrouaRock-team',
  'tutorials.tags.label': 'Tags',
  'tutorials.read': 'Lees de tutorial',
  'tutorials.paths.title': 'Leerpaden',
  'tutorials.paths.lead': 'Weet je niet waar je moet beginnen? Kies een pad en lees de tutorials op volgorde.',
  'tutorials.paths.beginner.title': 'Beginner',
  'tutorials.paths.beginner.text': 'Radio, je account en de slaaptimer: alles voor je eerste avond met GrouaRock.',
  'tutorials.paths.intermediate.title': 'Gevorderd beginner',
  'tutorials.paths.intermediate.text': 'Uitzendingen opnemen, luistermodi en de PRO DJ MIXER.',
  'tutorials.paths.expert.title': 'Expert',
  'tutorials.paths.expert.text': 'De publieke API en het realtime-kanaal voor je eigen apps.',
  'tutorials.paths.start': 'Start het pad: {path}',
  'tutorials.paths.step': 'Pad {path}: stap {step} van {total}',
  'tutorials.article.back': 'Alle tutorials',
  'tutorials.article.contents': 'Inhoud',
  'tutorials.article.next': 'Volgende stap: {title}',

  'tutorials.tag.radio': 'radio',
  'tutorials.tag.likes': 'likes',
  'tutorials.tag.recording': 'opnemen',
  'tutorials.tag.sleepTimer': 'slaaptimer',
  'tutorials.tag.alarm': 'wekker',
  'tutorials.tag.mixer': 'mixer',
  'tutorials.tag.eq': 'equalizer',
  'tutorials.tag.sport': 'sportmodi',
  'tutorials.tag.account': 'account',
  'tutorials.tag.security': 'beveiliging',
  'tutorials.tag.api': 'API',
  'tutorials.tag.rest': 'REST',
  'tutorials.tag.websocket': 'WebSocket',

  'tutorials.firstSteps.title': 'Eerste stappen met de radio',
  'tutorials.firstSteps.description': 'Zet je eerste zender aan, stel het volume in, like je favoriete zenders en vind ze terug in je bibliotheek.',
  'tutorials.firstSteps.intro':
    'GrouaRock-radio is een catalogus van rock- en punkzenders die je direct in de browser beluistert. Deze tutorial laat je de basis van de speler zien.',
  'tutorials.firstSteps.s1.title': 'Zet een zender aan',
  'tutorials.firstSteps.s1.body':
    'Open de pagina Radio via het menu bovenaan. Kies een zender uit de lijst en druk op afspelen. De speler toont de naam van de zender en, als de zender die doorgeeft, de artiest en titel van het nummer.',
  'tutorials.firstSteps.s2.title': 'Volume en sneltoetsen',
  'tutorials.firstSteps.s2.body':
    'Het volume stel je in met de schuifregelaar in de speler. Met het toetsenbord: spatie speelt en pauzeert, de pijltjes omhoog en omlaag veranderen het volume en de toets M dempt het geluid.',
  'tutorials.firstSteps.s3.title': 'Likes en favoriete zenders',
  'tutorials.firstSteps.s3.body':
    'De knop Zender liken voegt een zender toe aan je favorieten; dezelfde knop haalt de like weer weg. Je favoriete zenders staan in de bibliotheek van de speler onder Favoriete zenders.',
  'tutorials.firstSteps.s4.title': 'Top zenders van de week',
  'tutorials.firstSteps.s4.body':
    'De likes van alle luisteraars vormen de ranglijst Top zenders van de week. Een teller toont hoe lang de week nog duurt; daarna begint de ranglijst opnieuw.',

  'tutorials.recording.title': 'Uitzendingen opnemen',
  'tutorials.recording.description': 'Neem een favoriete uitzending op, download het bestand en herstel een opname die door herladen werd onderbroken.',
  'tutorials.recording.intro': 'De radiospeler kan opnemen waar je naar luistert. De opname wordt in je browser gemaakt en blijft op je computer.',
  'tutorials.recording.s1.title': 'Begin met opnemen',
  'tutorials.recording.s1.body':
    'Zet een zender aan en druk op Opnemen. Opnemen werkt alleen tijdens het afspelen. Een teller naast de knop toont de opnametijd; de knop Opname stoppen beëindigt de opname.',
  'tutorials.recording.s2.title': 'Download het bestand',
  'tutorials.recording.s2.body':
    'Afgeronde opnamen komen in de lijst Opnamen uit deze sessie, met naam, grootte en duur. De downloadknop slaat het audiobestand op je schijf op. De lijst geldt voor de huidige sessie, dus download je opnamen voordat je het tabblad sluit.',
  'tutorials.recording.s3.title': 'Herstel een onderbroken opname',
  'tutorials.recording.s3.body':
    'De browser bewaart de opname doorlopend, stukje voor stukje. Herlaad je de pagina tijdens het opnemen, dan zie je terug op de pagina Radio de melding Onvoltooide opname met de zender en de duur. De knop Opname herstellen zet terug wat al bewaard was.',

  'tutorials.sleepTimer.title': 'Slaaptimer en wekker',
  'tutorials.sleepTimer.description': 'Val in slaap bij de radio met de slaaptimer en word wakker met je favoriete zender dankzij Auto Wekker.',
  'tutorials.sleepTimer.intro': 'Twee functies van de speler houden de tijd voor je bij: de slaaptimer zet de radio uit en Auto Wekker zet hem aan.',
  'tutorials.sleepTimer.s1.title': 'Stel de slaaptimer in',
  'tutorials.sleepTimer.s1.body':
    'Kies in het onderdeel Slaaptimer 15 min, 30 min, 1 u of 2 u. De speler toont hoeveel tijd er nog over is en stopt daarna de radio. De knop Timer annuleren stopt het aftellen.',
  'tutorials.sleepTimer.s2.title': 'Zet Auto Wekker aan',
  'tutorials.sleepTimer.s2.body':
    'Open de Instellingen van de speler, zet Auto Wekker aan en kies een tijd (standaard 07:00). Op dat tijdstip start de wekker de gekozen zender en laat hem in 30 seconden vanuit stilte aanzwellen. De wekker herhaalt zich elke dag tot je hem uitzet.',
  'tutorials.sleepTimer.s3.title': 'Laat het tabblad open',
  'tutorials.sleepTimer.s3.body': 'De wekker en de timer werken in de browser, dus de GrouaRock-pagina moet open blijven. Een gesloten tabblad speelt ’s ochtends niet.',

  'tutorials.mixer.title': 'PRO DJ MIXER vanaf nul',
  'tutorials.mixer.description': 'Twee decks, een crossfader met drie curves, een equalizer met KILL en koptelefoon-cue: mix twee zenders live.',
  'tutorials.mixer.intro': 'De PRO DJ MIXER speelt twee radiozenders tegelijk op twee decks, A en B. Je opent hem met de knop Mixer openen op de pagina Radio.',
  'tutorials.mixer.s1.title': 'Laad de decks',
  'tutorials.mixer.s1.body':
    'Zoek en kies op elk deck een zender en druk op Afspelen. Het deck toont zijn status (Speelt, Verbinden, Zender offline) en, waar mogelijk, het huidige nummer. Gain en het volume van het deck bepalen zijn niveau en de meters tonen het in dB.',
  'tutorials.mixer.s2.title': 'De crossfader en zijn curves',
  'tutorials.mixer.s2.body':
    'De crossfader verplaatst het geluid tussen deck A en B. De curve Gelijk vermogen houdt de luidheid halverwege gelijk, Lineair verandert de niveaus evenredig en Scherpe cut wisselt bijna meteen van deck, zoals bij scratchen.',
  'tutorials.mixer.s3.title': 'Equalizer en KILL',
  'tutorials.mixer.s3.body':
    'Elk deck heeft een equalizer met drie banden: laag, midden en hoog. De KILL-knoppen snijden een hele band weg, bijvoorbeeld de bas van de ene zender terwijl je de andere inmixt.',
  'tutorials.mixer.s4.title': 'Koptelefoon-cue',
  'tutorials.mixer.s4.body':
    'Kies in het onderdeel Koptelefoon-cue Deck A of Deck B om een overgang voor te bereiden voordat de master die hoort. Als je browser het toestaat, kies je een apart apparaat als koptelefoonuitgang.',

  'tutorials.modes.title': 'Luistermodi en sportmodi',
  'tutorials.modes.description': 'Kant-en-klare instellingen voor volume, bas en hoge tonen voor sporten, werken en ontspannen.',
  'tutorials.modes.intro':
    'In de Instellingen van de radiospeler vind je luistermodi en sportmodi. Elke modus zet met één klik het volume en de bas en hoge tonen van de equalizer.',
  'tutorials.modes.s1.title': 'Luistermodi',
  'tutorials.modes.s1.body':
    'Trainingsmodus zet de radio harder en tilt de bas iets op. Focusmodus is zachter en neemt de bas terug zodat de muziek niet afleidt. Energy Boost is de luidste instelling met extra bas en hoge tonen.',
  'tutorials.modes.s2.title': 'Sportmodi',
  'tutorials.modes.s2.body':
    'Je kiest uit Cardio, Hardlopen, Kracht, Yoga en Fietsen. Hardlopen is volume 85, bas 75 en hoge tonen 50; Kracht geeft flink meer bas (90); Yoga is zacht en rustig (volume 60, bas 20, hoge tonen 30).',
  'tutorials.modes.s3.title': 'Maak het persoonlijk',
  'tutorials.modes.s3.body': 'Een modus is een startpunt: daarna kun je het volume nog steeds met de schuifregelaar in de speler aanpassen.',

  'tutorials.account.title': 'Account en sessies',
  'tutorials.account.description': 'Maak een account aan, bevestig je e-mailadres, houd de likes uit je gasttijd en zie waar je bent ingelogd.',
  'tutorials.account.intro': 'Je kunt de radio zonder account gebruiken. Met een account blijven je likes en instellingen op elk apparaat bij je.',
  'tutorials.account.s1.title': 'Als gast',
  'tutorials.account.s1.body':
    'Zonder in te loggen gebruik je GrouaRock als gast en kun je meteen zenders liken. Voeg je in je profiel een e-mailadres en wachtwoord toe (Volledig account aanmaken), dan blijven je likes en instellingen bij je.',
  'tutorials.account.s2.title': 'Registreren en de activatielink',
  'tutorials.account.s2.body':
    'Klik op Inloggen in de kop en kies registreren. Na het aanmaken van het account sturen we een e-mail met een activatielink; klik erop voordat je inlogt. Kwam de e-mail niet aan, dan kun je de link opnieuw versturen.',
  'tutorials.account.s3.title': 'Wachtwoord vergeten',
  'tutorials.account.s3.body':
    'Kies in het inlogvenster de optie voor een vergeten wachtwoord en vul je e-mailadres in. Bestaat het account, dan sturen we een link om een nieuw wachtwoord in te stellen.',
  'tutorials.account.s4.title': 'Waar je bent ingelogd',
  'tutorials.account.s4.body':
    'Telefoon kwijt of ingelogd op de computer van een ander? In je profiel, onder Beveiliging, laat Ingelogde apparaten zien waar je bent ingelogd: log één apparaat uit, of kies Overal elders uitloggen. Voor meer bescherming voeg je een toegangssleutel of een authenticator-app toe.',

  'tutorials.api.title': 'Publieke API: zenders en now-playing',
  'tutorials.api.description': 'Haal de zendercatalogus op en zie wat er nu speelt via de publieke REST API van GrouaRock.',
  'tutorials.api.intro': 'De publieke API van GrouaRock staat onder /api/v1 en geeft JSON terug. De volledige beschrijving van de endpoints staat op de API-pagina.',
  'tutorials.api.s1.title': 'De zendercatalogus',
  'tutorials.api.s1.body':
    'GET /api/v1/radio/stations geeft de lijst met zenders. Beperk die met queryparameters: land, genre en zoektekst. Eén zender haal je op met GET /api/v1/radio/stations/:id.',
  'tutorials.api.s2.title': 'Wat speelt er nu',
  'tutorials.api.s2.body':
    'GET /api/v1/radio/:id/nowplaying geeft wat de zender nu speelt: artiest en titel uit de metadata van de zender of, zonder die, het programma of alleen de naam. Een onbekende zender geeft 404.',
  'tutorials.api.s3.title': 'Live updates',
  'tutorials.api.s3.body':
    'In plaats van now-playing steeds op te vragen, verbind je met de WebSocket /api/v1/realtime en abonneer je op het kanaal station.ID van een zender (ID is de id van de zender). Stuur een JSON-frame met action gelijk aan subscribe en channel met de naam van het kanaal; elke nummerwissel komt binnen als een now_playing-gebeurtenis.',

  'tutorials.realtime.title': 'Gevorderd: het realtime-kanaal',
  'tutorials.realtime.description': 'Abonnementen, zender-, gebruikers- en gebeurteniskanalen, tokens en foutafhandeling op de WebSocket /api/v1/realtime.',
  'tutorials.realtime.intro':
    'Het realtime-kanaal is één WebSocket-verbinding op /api/v1/realtime waarover GrouaRock live gebeurtenissen stuurt. Elk serverbericht heeft de velden type, channel en data.',
  'tutorials.realtime.s1.title': 'Abonnementen',
  'tutorials.realtime.s1.body':
    'Stuur een JSON-tekstframe met een veld action (subscribe of unsubscribe) en een veld channel. De server bevestigt met een bericht subscribed of unsubscribed. Eén verbinding kan tot 50 abonnementen hebben.',
  'tutorials.realtime.s2.title': 'Kanalen',
  'tutorials.realtime.s2.body':
    'Er zijn drie soorten kanalen: station.ID voor gebeurtenissen van een zender (zoals now_playing), global.events voor gebeurtenissen van het hele platform en user.ID voor gebeurtenissen van één gebruiker.',
  'tutorials.realtime.s3.title': 'Het token en het gebruikerskanaal',
  'tutorials.realtime.s3.body':
    'Voor het kanaal user.ID moet je ingelogd zijn: voeg aan het adres een parameter token met je toegangstoken toe. Een ongeldig token beëindigt de verbinding met een 401-antwoord en het kanaal van een andere gebruiker wordt geweigerd.',
  'tutorials.realtime.s4.title': 'Heartbeat en fouten',
  'tutorials.realtime.s4.body':
    'Elke 25 seconden stuurt de server een heartbeat-bericht. Een fout frame, bijvoorbeeld binair of met een onbekend kanaal, levert een bericht van het type error met een beschrijving op. Voor live meldingen is er dit kanaal; moeten gebeurtenissen ook je server bereiken als er niets verbonden is, gebruik dan webhooks (de pagina „GrouaRock-API”).',
};
