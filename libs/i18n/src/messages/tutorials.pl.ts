/** The tutorials (/tutorials, /tutorial/:id and the learning paths): guides to GrouaRock itself. */
export const tutorialsPl = {
  'tutorials.meta.title': 'Tutoriale — GrouaRock',
  'tutorials.meta.description':
    'Poradniki GrouaRock: radio online, nagrywanie audycji, wyłącznik czasowy i budzik, PRO DJ MIXER, konto oraz publiczne API i kanał realtime.',
  'tutorials.title': 'Tutoriale',
  'tutorials.lead': 'Krótkie poradniki o tym, jak korzystać z GrouaRock: od pierwszej stacji radiowej po publiczne API.',
  'tutorials.filter.label': 'Kategoria tutoriali',
  'tutorials.category.all': 'Wszystkie',
  'tutorials.category.beginner': 'Dla początkujących',
  'tutorials.category.api': 'API',
  'tutorials.category.radio': 'Radio',
  'tutorials.category.audio': 'Audio',
  'tutorials.category.advanced': 'Zaawansowane',
  'tutorials.empty': 'Brak tutoriali w tej kategorii',
  'tutorials.count': '{count, plural, one {# tutorial} few {# tutoriale} many {# tutoriali} other {# tutoriala}}',
  'tutorials.list.label': 'Lista tutoriali',
  'tutorials.difficulty.easy': 'Łatwy',
  'tutorials.difficulty.medium': 'Średni',
  'tutorials.difficulty.hard': 'Trudny',
  'tutorials.difficulty.label': 'Poziom: {difficulty}',
  'tutorials.type.article': 'Artykuł',
  'tutorials.duration': '{minutes} min czytania',
  'tutorials.author': 'Autor: {author}',
  'tutorials.authorName': 'Zespół GrouaRock',
  'tutorials.tags.label': 'Tagi',
  'tutorials.read': 'Czytaj tutorial',
  'tutorials.paths.title': 'Ścieżki nauki',
  'tutorials.paths.lead': 'Nie wiesz, od czego zacząć? Wybierz ścieżkę i czytaj tutoriale po kolei.',
  'tutorials.paths.beginner.title': 'Początkujący',
  'tutorials.paths.beginner.text': 'Radio, konto i wyłącznik czasowy: wszystko na pierwszy wieczór z GrouaRock.',
  'tutorials.paths.intermediate.title': 'Średniozaawansowany',
  'tutorials.paths.intermediate.text': 'Nagrywanie audycji, tryby słuchania i PRO DJ MIXER.',
  'tutorials.paths.expert.title': 'Ekspert',
  'tutorials.paths.expert.text': 'Publiczne API i kanał realtime dla własnych aplikacji.',
  'tutorials.paths.start': 'Zacznij ścieżkę: {path}',
  'tutorials.paths.step': 'Ścieżka {path}: krok {step} z {total}',
  'tutorials.article.back': 'Wszystkie tutoriale',
  'tutorials.article.contents': 'Spis treści',
  'tutorials.article.next': 'Następny krok: {title}',

  'tutorials.tag.radio': 'radio',
  'tutorials.tag.likes': 'polubienia',
  'tutorials.tag.recording': 'nagrywanie',
  'tutorials.tag.sleepTimer': 'wyłącznik czasowy',
  'tutorials.tag.alarm': 'budzik',
  'tutorials.tag.mixer': 'mikser',
  'tutorials.tag.eq': 'korektor',
  'tutorials.tag.sport': 'tryby sportowe',
  'tutorials.tag.account': 'konto',
  'tutorials.tag.security': 'bezpieczeństwo',
  'tutorials.tag.api': 'API',
  'tutorials.tag.rest': 'REST',
  'tutorials.tag.websocket': 'WebSocket',

  'tutorials.firstSteps.title': 'Pierwsze kroki z radiem',
  'tutorials.firstSteps.description': 'Włącz pierwszą stację, ustaw głośność, polub ulubione stacje i znajdź je później w bibliotece.',
  'tutorials.firstSteps.intro':
    'Radio GrouaRock to katalog rockowych i punkowych stacji online, które słuchasz prosto w przeglądarce. Ten tutorial prowadzi przez podstawy odtwarzacza.',
  'tutorials.firstSteps.s1.title': 'Włącz stację',
  'tutorials.firstSteps.s1.body':
    'Otwórz stronę Radio z menu na górze. Wybierz stację z listy i naciśnij przycisk odtwarzania. Odtwarzacz pokazuje nazwę stacji i, gdy stacja je podaje, wykonawcę oraz tytuł utworu.',
  'tutorials.firstSteps.s2.title': 'Głośność i skróty klawiszowe',
  'tutorials.firstSteps.s2.body':
    'Głośność ustawisz suwakiem w odtwarzaczu. Z klawiatury: spacja włącza i pauzuje, strzałki w górę i w dół zmieniają głośność, a klawisz M wycisza dźwięk.',
  'tutorials.firstSteps.s3.title': 'Polubienia i ulubione stacje',
  'tutorials.firstSteps.s3.body':
    'Przycisk Polub stację dodaje stację do Twoich ulubionych; ten sam przycisk usuwa polubienie. Ulubione stacje znajdziesz w bibliotece odtwarzacza w sekcji Ulubione stacje.',
  'tutorials.firstSteps.s4.title': 'Top stacji tygodnia',
  'tutorials.firstSteps.s4.body':
    'Polubienia wszystkich słuchaczy tworzą ranking Top stacji tygodnia. Licznik pokazuje, ile zostało do końca tygodnia, a po nim ranking zaczyna się od nowa.',

  'tutorials.recording.title': 'Nagrywanie audycji',
  'tutorials.recording.description': 'Nagraj ulubioną audycję, pobierz plik i odzyskaj nagranie przerwane przez odświeżenie strony.',
  'tutorials.recording.intro':
    'Odtwarzacz radia potrafi nagrywać to, czego słuchasz. Nagranie powstaje w Twojej przeglądarce i zostaje na Twoim komputerze.',
  'tutorials.recording.s1.title': 'Rozpocznij nagrywanie',
  'tutorials.recording.s1.body':
    'Włącz stację i naciśnij Nagrywaj. Nagrywanie działa tylko podczas odtwarzania. Licznik obok przycisku pokazuje czas nagrania; przycisk Zatrzymaj nagrywanie kończy nagranie.',
  'tutorials.recording.s2.title': 'Pobierz plik',
  'tutorials.recording.s2.body':
    'Zakończone nagrania trafiają na listę Nagrania z tej sesji z nazwą, rozmiarem i długością. Przycisk pobierania zapisuje plik audio na dysku. Lista dotyczy bieżącej sesji, więc pobierz nagrania, zanim zamkniesz kartę.',
  'tutorials.recording.s3.title': 'Odzyskaj przerwane nagranie',
  'tutorials.recording.s3.body':
    'Przeglądarka zapisuje nagranie na bieżąco, fragment po fragmencie. Jeśli odświeżysz stronę w trakcie nagrywania, po powrocie na stronę Radio zobaczysz komunikat Niedokończone nagranie ze stacją i długością. Przycisk Odzyskaj nagranie przywraca to, co zdążyło się zapisać.',

  'tutorials.sleepTimer.title': 'Wyłącznik czasowy i budzik',
  'tutorials.sleepTimer.description': 'Zasypiaj przy radiu z wyłącznikiem czasowym i budź się z ulubioną stacją dzięki funkcji Auto Budzik.',
  'tutorials.sleepTimer.intro': 'Dwie funkcje odtwarzacza pilnują czasu za Ciebie: wyłącznik czasowy zatrzymuje radio, a Auto Budzik je włącza.',
  'tutorials.sleepTimer.s1.title': 'Ustaw wyłącznik czasowy',
  'tutorials.sleepTimer.s1.body':
    'W sekcji Wyłącznik czasowy wybierz 15 min, 30 min, 1 h albo 2 h. Odtwarzacz pokazuje, ile zostało do wyłączenia, a po tym czasie zatrzymuje radio. Przycisk Anuluj wyłącznik odwołuje odliczanie.',
  'tutorials.sleepTimer.s2.title': 'Włącz Auto Budzik',
  'tutorials.sleepTimer.s2.body':
    'Otwórz Ustawienia odtwarzacza, włącz Auto Budzik i wybierz godzinę (domyślnie 07:00). O tej godzinie budzik uruchamia wybraną stację i przez 30 sekund płynnie podgłaśnia ją od ciszy. Budzik powtarza się codziennie, dopóki go nie wyłączysz.',
  'tutorials.sleepTimer.s3.title': 'Zostaw otwartą kartę',
  'tutorials.sleepTimer.s3.body':
    'Budzik i wyłącznik działają w przeglądarce, więc strona GrouaRock musi być otwarta. Zamknięta karta nie zagra o poranku.',

  'tutorials.mixer.title': 'PRO DJ MIXER od podstaw',
  'tutorials.mixer.description': 'Dwa decki, crossfader z trzema krzywymi, korektor z KILL i odsłuch w słuchawkach: zmiksuj dwie stacje na żywo.',
  'tutorials.mixer.intro':
    'PRO DJ MIXER gra jednocześnie dwie stacje radiowe na dwóch deckach, A i B. Otwierasz go przyciskiem Otwórz mikser na stronie Radio.',
  'tutorials.mixer.s1.title': 'Załaduj decki',
  'tutorials.mixer.s1.body':
    'Na każdym decku wyszukaj i wybierz stację, a potem naciśnij Graj. Deck pokazuje swój stan (Gra, Łączenie, Stacja offline) i, gdy to możliwe, aktualny utwór. Gain i głośność decku ustawiają jego poziom, a mierniki pokazują go w dB.',
  'tutorials.mixer.s2.title': 'Crossfader i jego krzywe',
  'tutorials.mixer.s2.body':
    'Crossfader przenosi dźwięk między deckiem A i B. Krzywa Równa moc trzyma stałą głośność w połowie drogi, Liniowa zmienia poziomy proporcjonalnie, a Ostre cięcie przełącza decki niemal od razu, jak w scratchu.',
  'tutorials.mixer.s3.title': 'Korektor i KILL',
  'tutorials.mixer.s3.body':
    'Każdy deck ma trzy pasma korektora: niskie, średnie i wysokie. Przyciski KILL wycinają całe pasmo, na przykład bas jednej stacji, gdy wprowadzasz drugą.',
  'tutorials.mixer.s4.title': 'Odsłuch w słuchawkach',
  'tutorials.mixer.s4.body':
    'W sekcji Odsłuch w słuchawkach wybierz Deck A lub Deck B, aby przygotować przejście, zanim usłyszy je master. Jeśli przeglądarka na to pozwala, wybierzesz osobne urządzenie jako wyjście słuchawkowe.',

  'tutorials.modes.title': 'Tryby słuchania i tryby sportowe',
  'tutorials.modes.description': 'Gotowe ustawienia głośności, basu i sopranów na trening, pracę i relaks.',
  'tutorials.modes.intro':
    'W Ustawieniach odtwarzacza radia znajdziesz tryby słuchania i tryby sportowe. Każdy z nich jednym kliknięciem ustawia głośność oraz bas i soprany korektora.',
  'tutorials.modes.s1.title': 'Tryby słuchania',
  'tutorials.modes.s1.body':
    'Tryb Treningu podgłaśnia radio i lekko podbija bas. Tryb Koncentracji jest cichszy i cofa bas, żeby muzyka nie rozpraszała. Energy Boost to najgłośniejsze ustawienie z podbitym basem i sopranami.',
  'tutorials.modes.s2.title': 'Tryby sportowe',
  'tutorials.modes.s2.body':
    'Do wyboru są Cardio, Bieganie, Siła, Joga i Rower. Bieganie to głośność 85, bas 75 i soprany 50; Siła mocno podbija bas (90); Joga jest cicha i miękka (głośność 60, bas 20, soprany 30).',
  'tutorials.modes.s3.title': 'Dostosuj po swojemu',
  'tutorials.modes.s3.body': 'Tryb to punkt wyjścia: po jego wybraniu nadal możesz zmienić głośność suwakiem w odtwarzaczu.',

  'tutorials.account.title': 'Konto i sesje',
  'tutorials.account.description': 'Załóż konto, potwierdź adres email, zachowaj polubienia z czasu gościa i sprawdź, gdzie jesteś zalogowany.',
  'tutorials.account.intro': 'Z radia możesz korzystać bez konta. Konto sprawia, że Twoje polubienia i ustawienia są z Tobą na każdym urządzeniu.',
  'tutorials.account.s1.title': 'Jako gość',
  'tutorials.account.s1.body':
    'Bez logowania korzystasz z GrouaRock jako gość i możesz od razu polubić stacje. Gdy w profilu dodasz email i hasło (Załóż pełne konto), Twoje polubienia i ustawienia zostaną z Tobą.',
  'tutorials.account.s2.title': 'Rejestracja i link aktywacyjny',
  'tutorials.account.s2.body':
    'Kliknij Zaloguj się w nagłówku i wybierz rejestrację. Po utworzeniu konta wyślemy wiadomość z linkiem aktywacyjnym; kliknij go, zanim się zalogujesz. Jeśli wiadomość nie dotarła, możesz wysłać link ponownie.',
  'tutorials.account.s3.title': 'Zapomniane hasło',
  'tutorials.account.s3.body':
    'W oknie logowania wybierz opcję przypomnienia hasła i podaj email. Jeśli konto istnieje, wyślemy link do ustawienia nowego hasła.',
  'tutorials.account.s4.title': 'Gdzie jesteś zalogowany',
  'tutorials.account.s4.body':
    'Zgubiłeś telefon albo logowałeś się na cudzym komputerze? W profilu, w sekcji Bezpieczeństwo, lista Zalogowane urządzenia pokazuje, gdzie jesteś zalogowany: wyloguj pojedyncze urządzenie albo wybierz Wyloguj wszędzie indziej. Dla większej ochrony dodaj klucz dostępu albo aplikację uwierzytelniającą.',

  'tutorials.api.title': 'Publiczne API: stacje i now-playing',
  'tutorials.api.description': 'Pobierz katalog stacji i sprawdź, co gra teraz, przez publiczne REST API GrouaRock.',
  'tutorials.api.intro':
    'Publiczne API GrouaRock działa pod adresem /api/v1 i zwraca JSON. Pełny opis punktów końcowych znajdziesz na stronie API.',
  'tutorials.api.s1.title': 'Katalog stacji',
  'tutorials.api.s1.body':
    'GET /api/v1/radio/stations zwraca listę stacji. Listę możesz zawęzić parametrami zapytania: krajem, gatunkiem i tekstem wyszukiwania. Jedną stację pobierzesz przez GET /api/v1/radio/stations/:id.',
  'tutorials.api.s2.title': 'Co gra teraz',
  'tutorials.api.s2.body':
    'GET /api/v1/radio/:id/nowplaying zwraca to, co stacja gra w tej chwili: wykonawcę i tytuł z metadanych stacji, a gdy ich brak, program lub samą nazwę stacji. Nieznana stacja daje odpowiedź 404.',
  'tutorials.api.s3.title': 'Aktualizacje na żywo',
  'tutorials.api.s3.body':
    'Zamiast co chwilę odpytywać now-playing, połącz się z WebSocketem /api/v1/realtime i zasubskrybuj kanał station.ID wybranej stacji (ID to identyfikator stacji). Wyślij ramkę JSON z polem action równym subscribe i polem channel z nazwą kanału; każda zmiana utworu przyjdzie jako zdarzenie now_playing.',

  'tutorials.realtime.title': 'Zaawansowane: kanał realtime',
  'tutorials.realtime.description': 'Subskrypcje, kanały stacji, użytkownika i wydarzeń, tokeny oraz obsługa błędów w WebSockecie /api/v1/realtime.',
  'tutorials.realtime.intro':
    'Kanał realtime to jedno połączenie WebSocket pod adresem /api/v1/realtime, przez które GrouaRock wysyła zdarzenia na żywo. Każda wiadomość serwera ma pola type, channel i data.',
  'tutorials.realtime.s1.title': 'Subskrypcje',
  'tutorials.realtime.s1.body':
    'Wyślij ramkę tekstową JSON z polem action (subscribe albo unsubscribe) i polem channel. Serwer potwierdza ją wiadomością subscribed lub unsubscribed. Jedno połączenie może mieć do 50 subskrypcji.',
  'tutorials.realtime.s2.title': 'Kanały',
  'tutorials.realtime.s2.body':
    'Dostępne są trzy rodzaje kanałów: station.ID dla zdarzeń stacji (na przykład now_playing), global.events dla zdarzeń całej platformy oraz user.ID dla zdarzeń jednego użytkownika.',
  'tutorials.realtime.s3.title': 'Token i kanał użytkownika',
  'tutorials.realtime.s3.body':
    'Kanał user.ID wymaga zalogowania: dodaj do adresu parametr token z tokenem dostępu. Nieważny token kończy połączenie odpowiedzią 401, a kanał innego użytkownika jest odrzucany.',
  'tutorials.realtime.s4.title': 'Heartbeat i błędy',
  'tutorials.realtime.s4.body':
    'Co 25 sekund serwer wysyła wiadomość heartbeat. Błędna ramka, na przykład binarna albo z nieznanym kanałem, daje wiadomość typu error z opisem problemu. Do powiadomień na żywo służy ten kanał; gdy zdarzenia mają trafiać na Twój serwer także wtedy, gdy nikt nie jest połączony, użyj webhooków (strona „API GrouaRock”).',
};
