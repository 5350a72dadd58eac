/** The home page (/), its promo popup, the visitor banner and the mobile bottom bar. Polish: the product's texts. */
export const homePl = {
  'home.meta.title': 'GrouaRock — platforma dla fanów rocka i punka',
  'home.meta.description':
    'GrouaRock: społeczność muzyków i fanów rocka i punka, radio online{known, select, true { (stacje w katalogu: {count})} other {}}, transmisje koncertów na żywo 24/7 i asystent AI. Pierwsze 30 dni za darmo.',

  'home.hero.title': 'GrouaRock',
  'home.hero.subtitle': 'Platforma dla fanów rocka i punka',
  'home.hero.description':
    'Słuchaj radia online, oglądaj koncerty na żywo, twórz muzykę z asystentem AI i poznawaj muzyków z całej Polski. Pierwsze 30 dni za darmo.',
  'home.hero.launch': 'Startujemy w 2025 r. z misją zjednoczenia rockowej społeczności',
  'home.hero.highlights': 'Co znajdziesz w GrouaRock',
  'home.hero.community': 'Społeczność',
  'home.hero.radio': 'Radio online',
  'home.hero.streaming': 'Transmisje na żywo',
  'home.hero.assistant': 'Asystent AI',
  'home.hero.join': 'Dołącz teraz',
  'home.hero.communityButton': 'Społeczność',

  'home.promo.trialTitle': 'DARMOWY OKRES PRÓBNY',
  'home.promo.trialOffer': '30 DNI ZA FREE',
  'home.promo.communityTitle': 'SPOŁECZNOŚĆ GROUAROCK',
  'home.promo.communityOffer': '30 DNI FREE',
  'home.promo.countdown': 'Przekierowanie za {seconds} s',
  'home.promo.goNow': 'Kliknij, aby przejść od razu',
  'home.promo.close': 'Zamknij',

  'home.stats.label': 'GrouaRock w liczbach',
  'home.stats.musicians': 'Profesjonalnych muzyków',
  'home.stats.stationsValue': '{count}',
  'home.stats.stations': 'Stacje radiowe',
  'home.stats.streamingValue': '24/7',
  'home.stats.streaming': 'Transmisje na żywo',
  'home.stats.possibilitiesValue': '∞',
  'home.stats.possibilities': 'Możliwości',

  'home.features.title': 'Wszystko dla rockowej społeczności',
  'home.features.community.title': 'Społeczność muzyków',
  'home.features.community.text': 'Poznawaj muzyków i fanów, zakładaj zespoły i dziel się swoją muzyką.',
  'home.features.radio.title': 'Radio online',
  'home.features.radio.text': 'Stacje rockowe i punkowe z całego świata{known, select, true { (w katalogu: {count})} other {}}, dostępne 24/7.',
  'home.features.streaming.title': 'Transmisje na żywo',
  'home.features.streaming.text': 'Oglądaj koncerty na żywo i prowadź własne transmisje.',
  'home.features.assistant.title': 'Asystent AI',
  'home.features.assistant.text': 'Twórz utwory i pomysły muzyczne w Studiu AI.',
  'home.features.events.title': 'Wydarzenia muzyczne',
  'home.features.events.text': 'Festiwale, koncerty i koncerty tribute w jednym miejscu.',
  'home.features.marketplace.title': 'Marketplace',
  'home.features.marketplace.text': 'Kupuj i sprzedawaj sprzęt, merch i muzykę.',
  'home.features.chats.title': 'Czaty',
  'home.features.chats.text': 'Rozmawiaj z fanami i muzykami w czasie rzeczywistym.',
  'home.features.circles.title': 'Kręgi',
  'home.features.circles.text': 'Dołącz do kręgów fanów ulubionych gatunków i zespołów.',

  'home.visitors.label': 'Licznik odwiedzin',
  'home.visitors.count': 'Jesteś {count, number, ::group-off}. odwiedzającym GrouaRock!',
  'home.visitors.goal': 'Tysięczny odwiedzający zostanie zwycięzcą.',
  'home.visitors.winner': 'Gratulacje! Jesteś 1000. odwiedzającym GrouaRock i zostajesz naszym zwycięzcą!',
  'home.visitors.days':
    '{days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}} od startu GrouaRock',

  'home.radio.title': 'Radio online',
  'home.radio.text': 'Stacje rockowe i punkowe z całego świata{known, select, true { (w katalogu: {count})} other {}}, na żywo 24/7.',
  'home.radio.cta': 'Słuchaj radia',
  'home.streaming.title': 'Transmisje na żywo',
  'home.streaming.text': 'Koncerty na żywo i transmisje muzyków z naszej społeczności.',
  'home.streaming.cta': 'Dołącz do społeczności',

  'home.concerts.title': 'Legendarne koncerty',
  'home.concerts.text': 'Nagrania koncertów, które przeszły do historii rocka i punka. Każdy link otwiera w YouTube wyszukiwanie nagrania.',
  'home.concerts.place': '{venue}, {city}',
  'home.concerts.watch': 'Szukaj nagrania w YouTube',
  'home.concerts.city.reading': 'Reading',
  'home.concerts.city.london': 'Londyn',
  'home.concerts.city.newYork': 'Nowy Jork',
  'home.concerts.city.sanFrancisco': 'San Francisco',
  'home.concerts.city.saugerties': 'Saugerties',
  'home.concerts.nirvana-reading-1992.description':
    'Nirvana jako gwiazda ostatniego wieczoru Reading Festival 1992; koncert wydano później na płycie i DVD.',
  'home.concerts.queen-wembley-1986.description':
    'Drugi z dwóch koncertów Queen na stadionie Wembley w ramach trasy Magic Tour, wydany później jako album i film.',
  'home.concerts.the-clash-shea-1982.description':
    'The Clash jako support The Who podczas ich pożegnalnej trasy; nagranie ukazało się jako album w 2008 roku.',
  'home.concerts.ramones-rainbow-1977.description':
    'Sylwestrowy koncert w londyńskim Rainbow Theatre, wydany w 1979 roku jako podwójny album koncertowy.',
  'home.concerts.sex-pistols-winterland-1978.description':
    'Ostatni koncert trasy Sex Pistols po USA w 1978 roku; wkrótce potem zespół się rozpadł.',
  'home.concerts.green-day-woodstock-1994.description':
    'Występ Green Day na festiwalu Woodstock \'94, zapamiętany z bitwy na błoto między zespołem a publicznością.',
  'home.concerts.ratm-finsbury-park-2010.description':
    'Darmowy koncert w podziękowaniu fanom, których kampania uczyniła „Killing in the Name” bożonarodzeniowym numerem jeden w Wielkiej Brytanii w 2009 roku.',
};
