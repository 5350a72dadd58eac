import type { tutorialsPl } from './tutorials.pl';

export const tutorialsEn: Record<keyof typeof tutorialsPl, string> = {
  'tutorials.meta.title': 'Tutorials — GrouaRock',
  'tutorials.meta.description':
    'GrouaRock guides: online radio, recording shows, the sleep timer and alarm, the PRO DJ MIXER, your account, the public API and the realtime channel.',
  'tutorials.title': 'Tutorials',
  'tutorials.lead': 'Short guides to using GrouaRock: from your first radio station to the public API.',
  'tutorials.filter.label': 'Tutorial category',
  'tutorials.category.all': 'All',
  'tutorials.category.beginner': 'For beginners',
  'tutorials.category.api': 'API',
  'tutorials.category.radio': 'Radio',
  'tutorials.category.audio': 'Audio',
  'tutorials.category.advanced': 'Advanced',
  'tutorials.empty': 'No tutorials in this category',
  'tutorials.count': '{count, plural, one {# tutorial} other {# tutorials}}',
  'tutorials.list.label': 'Tutorial list',
  'tutorials.difficulty.easy': 'Easy',
  'tutorials.difficulty.medium': 'Medium',
  'tutorials.difficulty.hard': 'Hard',
  'tutorials.difficulty.label': 'Level: {difficulty}',
  'tutorials.type.article': 'Article',
  'tutorials.duration': '{minutes} min read',
  'tutorials.author': 'By {author}',
  'tutorials.authorName': 'The GrouaRock team',
  'tutorials.tags.label': 'Tags',
  'tutorials.read': 'Read the tutorial',
  'tutorials.paths.title': 'Learning paths',
  'tutorials.paths.lead': 'Not sure where to start? Pick a path and read its tutorials in order.',
  'tutorials.paths.beginner.title': 'Beginner',
  'tutorials.paths.beginner.text': 'Radio, your account and the sleep timer: all you need for your first evening with GrouaRock.',
  'tutorials.paths.intermediate.title': 'Intermediate',
  'tutorials.paths.intermediate.text': 'Recording shows, listening modes and the PRO DJ MIXER.',
  'tutorials.paths.expert.title': 'Expert',
  'tutorials.paths.expert.text': 'The public API and the realtime channel for your own apps.',
  'tutorials.paths.start': 'Start the path: {path}',
  'tutorials.paths.step': '{path} path: step {step} of {total}',
  'tutorials.article.back': 'All tutorials',
  'tutorials.article.contents': 'Contents',
  'tutorials.article.next': 'Next step: {title}',

  'tutorials.tag.radio': 'radio',
  'tutorials.tag.likes': 'likes',
  'tutorials.tag.recording': 'recording',
  'tutorials.tag.sleepTimer': 'sleep timer',
  'tutorials.tag.alarm': 'alarm',
  'tutorials.tag.mixer': 'mixer',
  'tutorials.tag.eq': 'equalizer',
  'tutorials.tag.sport': 'sport modes',
  'tutorials.tag.account': 'account',
  'tutorials.tag.security': 'security',
  'tutorials.tag.api': 'API',
  'tutorials.tag.rest': 'REST',
  'tutorials.tag.websocket': 'WebSocket',

  'tutorials.firstSteps.title': 'First steps with the radio',
  'tutorials.firstSteps.description': 'Play your first station, set the volume, like the stations you love and find them again in your library.',
  'tutorials.firstSteps.intro':
    'GrouaRock radio is a catalogue of rock and punk stations you listen to right in the browser. This tutorial walks you through the basics of the player.',
  'tutorials.firstSteps.s1.title': 'Play a station',
  'tutorials.firstSteps.s1.body':
    'Open the Radio page from the menu at the top. Pick a station from the list and press play. The player shows the station name and, when the station sends them, the artist and title of the track.',
  'tutorials.firstSteps.s2.title': 'Volume and keyboard shortcuts',
  'tutorials.firstSteps.s2.body':
    'Set the volume with the slider in the player. From the keyboard: space plays and pauses, the up and down arrows change the volume and the M key mutes.',
  'tutorials.firstSteps.s3.title': 'Likes and favourite stations',
  'tutorials.firstSteps.s3.body':
    'The Like station button adds a station to your favourites; the same button removes the like. Your favourite stations are in the player library under Favourite stations.',
  'tutorials.firstSteps.s4.title': 'Top stations of the week',
  'tutorials.firstSteps.s4.body':
    'Likes from all listeners make up the Top stations of the week ranking. A counter shows how long the week has left; then the ranking starts over.',

  'tutorials.recording.title': 'Recording shows',
  'tutorials.recording.description': 'Record a show you love, download the file and recover a recording cut short by a page reload.',
  'tutorials.recording.intro': 'The radio player can record what you are listening to. The recording is made in your browser and stays on your computer.',
  'tutorials.recording.s1.title': 'Start recording',
  'tutorials.recording.s1.body':
    'Play a station and press Record. Recording only works while playing. A counter next to the button shows the recording time; the Stop recording button ends it.',
  'tutorials.recording.s2.title': 'Download the file',
  'tutorials.recording.s2.body':
    'Finished recordings go to the Recordings from this session list with their name, size and length. The download button saves the audio file to disk. The list covers the current session, so download your recordings before you close the tab.',
  'tutorials.recording.s3.title': 'Recover an interrupted recording',
  'tutorials.recording.s3.body':
    'The browser saves the recording as it goes, piece by piece. If you reload the page while recording, back on the Radio page you will see an Unfinished recording notice with the station and length. The Recover recording button restores what was saved.',

  'tutorials.sleepTimer.title': 'Sleep timer and alarm',
  'tutorials.sleepTimer.description': 'Fall asleep to the radio with the sleep timer and wake up to your favourite station with Auto Alarm.',
  'tutorials.sleepTimer.intro': 'Two player features keep time for you: the sleep timer stops the radio and Auto Alarm starts it.',
  'tutorials.sleepTimer.s1.title': 'Set the sleep timer',
  'tutorials.sleepTimer.s1.body':
    'In the Sleep timer section choose 15 min, 30 min, 1 h or 2 h. The player shows the time left and then stops the radio. The Cancel timer button stops the countdown.',
  'tutorials.sleepTimer.s2.title': 'Turn on Auto Alarm',
  'tutorials.sleepTimer.s2.body':
    'Open the player Settings, turn on Auto Alarm and choose a time (07:00 by default). At that time the alarm starts the chosen station and fades it in from silence over 30 seconds. It repeats every day until you turn it off.',
  'tutorials.sleepTimer.s3.title': 'Keep the tab open',
  'tutorials.sleepTimer.s3.body': 'The alarm and the timer run in the browser, so the GrouaRock page has to stay open. A closed tab will not play in the morning.',

  'tutorials.mixer.title': 'PRO DJ MIXER from scratch',
  'tutorials.mixer.description': 'Two decks, a crossfader with three curves, an EQ with KILL and headphone cue: mix two stations live.',
  'tutorials.mixer.intro': 'The PRO DJ MIXER plays two radio stations at once on two decks, A and B. Open it with the Open mixer button on the Radio page.',
  'tutorials.mixer.s1.title': 'Load the decks',
  'tutorials.mixer.s1.body':
    'On each deck search for and pick a station, then press Play. The deck shows its state (Playing, Connecting, Station offline) and, when available, the current track. Gain and the deck volume set its level, and the meters show it in dB.',
  'tutorials.mixer.s2.title': 'The crossfader and its curves',
  'tutorials.mixer.s2.body':
    'The crossfader moves the sound between deck A and B. The Equal power curve keeps the loudness steady halfway, Linear changes the levels proportionally and Sharp cut switches decks almost at once, as in scratching.',
  'tutorials.mixer.s3.title': 'EQ and KILL',
  'tutorials.mixer.s3.body':
    'Each deck has a three-band EQ: low, mid and high. The KILL buttons cut a whole band, for example the bass of one station while you bring in the other.',
  'tutorials.mixer.s4.title': 'Headphone cue',
  'tutorials.mixer.s4.body':
    'In the Headphone cue section pick Deck A or Deck B to prepare a transition before the master hears it. If your browser allows it, you can choose a separate device as the headphone output.',

  'tutorials.modes.title': 'Listening modes and sport modes',
  'tutorials.modes.description': 'Ready-made volume, bass and treble settings for workouts, work and relaxing.',
  'tutorials.modes.intro':
    'The radio player Settings have listening modes and sport modes. Each one sets the volume and the EQ bass and treble in a single click.',
  'tutorials.modes.s1.title': 'Listening modes',
  'tutorials.modes.s1.body':
    'Training mode turns the radio up and lifts the bass a little. Focus mode is quieter and pulls the bass back so the music does not distract. Energy Boost is the loudest setting with boosted bass and treble.',
  'tutorials.modes.s2.title': 'Sport modes',
  'tutorials.modes.s2.body':
    'Choose from Cardio, Running, Strength, Yoga and Cycling. Running is volume 85, bass 75 and treble 50; Strength boosts the bass hard (90); Yoga is quiet and soft (volume 60, bass 20, treble 30).',
  'tutorials.modes.s3.title': 'Make it yours',
  'tutorials.modes.s3.body': 'A mode is a starting point: after choosing it you can still change the volume with the slider in the player.',

  'tutorials.account.title': 'Account and sessions',
  'tutorials.account.description': 'Sign up, confirm your email, keep the likes from your guest time and see where you are signed in.',
  'tutorials.account.intro': 'You can use the radio without an account. An account keeps your likes and settings with you on every device.',
  'tutorials.account.s1.title': 'As a guest',
  'tutorials.account.s1.body':
    'Without signing in you use GrouaRock as a guest and can like stations right away. When you add an email and password in your profile (Create a full account), your likes and settings stay with you.',
  'tutorials.account.s2.title': 'Sign-up and the activation link',
  'tutorials.account.s2.body':
    'Click Sign in in the header and choose to register. After you create the account we send an email with an activation link; click it before you sign in. If the email did not arrive, you can send the link again.',
  'tutorials.account.s3.title': 'Forgotten password',
  'tutorials.account.s3.body': 'In the sign-in window choose the forgotten password option and enter your email. If the account exists, we send a link to set a new password.',
  'tutorials.account.s4.title': 'Where you are signed in',
  'tutorials.account.s4.body':
    'Lost your phone or signed in on someone else’s computer? In your profile, under Security, Signed-in devices lists where you are signed in: sign out one device, or choose Sign out everywhere else. For more protection add a passkey or an authenticator app.',

  'tutorials.api.title': 'Public API: stations and now-playing',
  'tutorials.api.description': 'Fetch the station catalogue and see what is playing now through the GrouaRock public REST API.',
  'tutorials.api.intro': 'The GrouaRock public API lives under /api/v1 and returns JSON. The full description of its endpoints is on the API page.',
  'tutorials.api.s1.title': 'The station catalogue',
  'tutorials.api.s1.body':
    'GET /api/v1/radio/stations returns the list of stations. Narrow it with query parameters: country, genre and search text. Fetch one station with GET /api/v1/radio/stations/:id.',
  'tutorials.api.s2.title': 'What is playing now',
  'tutorials.api.s2.body':
    'GET /api/v1/radio/:id/nowplaying returns what the station plays right now: artist and title from the station metadata or, without them, its program or just its name. An unknown station answers 404.',
  'tutorials.api.s3.title': 'Live updates',
  'tutorials.api.s3.body':
    'Instead of polling now-playing, connect to the /api/v1/realtime WebSocket and subscribe to the station.ID channel of a station (ID is the station id). Send a JSON frame with action set to subscribe and channel set to the channel name; every track change arrives as a now_playing event.',

  'tutorials.realtime.title': 'Advanced: the realtime channel',
  'tutorials.realtime.description': 'Subscriptions, station, user and event channels, tokens and error handling on the /api/v1/realtime WebSocket.',
  'tutorials.realtime.intro':
    'The realtime channel is a single WebSocket connection at /api/v1/realtime over which GrouaRock sends live events. Every server message has the fields type, channel and data.',
  'tutorials.realtime.s1.title': 'Subscriptions',
  'tutorials.realtime.s1.body':
    'Send a JSON text frame with an action field (subscribe or unsubscribe) and a channel field. The server confirms it with a subscribed or unsubscribed message. One connection can hold up to 50 subscriptions.',
  'tutorials.realtime.s2.title': 'Channels',
  'tutorials.realtime.s2.body':
    'There are three kinds of channel: station.ID for a station’s events (such as now_playing), global.events for platform-wide events and user.ID for one user’s events.',
  'tutorials.realtime.s3.title': 'The token and the user channel',
  'tutorials.realtime.s3.body':
    'The user.ID channel needs you to be signed in: add a token parameter with your access token to the address. An invalid token ends the connection with a 401 answer, and another user’s channel is refused.',
  'tutorials.realtime.s4.title': 'Heartbeat and errors',
  'tutorials.realtime.s4.body':
    'Every 25 seconds the server sends a heartbeat message. A bad frame, for example a binary one or one with an unknown channel, gets an error message describing the problem. This channel is the way to get live notifications; when events must reach your server even while nothing is connected, use webhooks (the “GrouaRock API” page).',
};
