import { spanishAttentionTexts } from '@coach/domain';
import type { ServerTexts } from './englishTexts.ts';

// The server's texts in Spanish (es): the keys of the English module, each worded (a key missing
// or left over is a type error).

export const spanishTexts: ServerTexts = {
  report: {
    title: 'Informe del cliente',
    documentTitle: 'Informe del cliente: {{client}}',
    client: 'Cliente',
    coach: 'Coach',
    period: 'Periodo',
    periodValue: {
      one: '{{from}} – {{to}} ({{count}} día)',
      other: '{{from}} – {{to}} ({{count}} días)',
    },
    phase: 'Fase',
    phaseValue: '{{phase}}, día {{day}}',
    generated: 'Generado',
    phases: { learn: 'Aprender', sense: 'Sentir', grow: 'Crecer' },
    sections: {
      mentalWellbeing: 'Bienestar mental',
      physicalWellbeing: 'Bienestar físico',
      productivity: 'Productividad',
    },
    averageOfPeriod: 'Media del periodo',
    daysWithAnswers: 'Días con respuestas',
    daysWithAnswersValue: '{{count}} de {{total}}',
    daysUnderLimit: 'Días por debajo del {{limit}}',
    phaseAverage: 'Media de la fase {{phase}}',
    noAnswers: 'sin respuestas',
    lagging: {
      one: '{{value}} (bajo, {{count}} día bajo seguido)',
      other: '{{value}} (bajo, {{count}} días bajos seguidos)',
    },
    chartLegend: 'Medias diarias, {{from}}–{{to}}; línea discontinua: {{limit}} (umbral bajo)',
    notesTitle: 'Notas del coach',
    noNotes: 'Sin notas.',
    finalComments: 'Comentarios finales del coach',
    periodNotesTitle: 'Notas',
    periodNotesIntro:
      'Notas del coach escritas en el periodo, de la más antigua a la más reciente.',
    noPeriodNotes: 'No se escribieron notas en este periodo.',
    periodNotesLeftOut: {
      one: 'Se omite {{count}} nota más antigua del periodo, escrita el {{from}}.',
      other:
        'Se omiten las {{count}} notas más antiguas del periodo, escritas del {{from}} al {{to}}.',
    },
    page: 'Página {{page}} de {{count}}',
  },
  invite: {
    subject: 'Te han invitado a Coach',
    greetingNamed: 'Hola, {{name}}:',
    greeting: 'Hola:',
    someCoach: 'Tu coach',
    invitation: '{{coach}} te invita a unirte a Coach.',
    openLink: 'Abre este enlace para crear tu contraseña: {{link}}',
    validity: {
      one: 'El enlace es válido durante {{count}} día.',
      other: 'El enlace es válido durante {{count}} días.',
    },
  },
  passwordReset: {
    subject: 'Tu código para restablecer la contraseña de Coach',
    code: 'Tu código para restablecer la contraseña es {{code}}',
    validity: {
      one: 'Es válido durante {{count}} minuto y solo se puede usar una vez. Si no has pedido restablecer tu contraseña, ignora este correo.',
      other:
        'Es válido durante {{count}} minutos y solo se puede usar una vez. Si no has pedido restablecer tu contraseña, ignora este correo.',
    },
    guessedSubject:
      'Alguien está intentando adivinar los códigos para restablecer la contraseña de tu cuenta de Coach',
    guessed:
      'Hoy se han introducido {{count}} veces códigos incorrectos para restablecer la contraseña ' +
      'de tu cuenta de Coach, desde varias direcciones: puede que alguien esté intentando entrar ' +
      'en tu cuenta. Tu contraseña no ha cambiado y puedes seguir iniciando sesión con ella.',
    guessedSafe:
      'Un código que te enviamos solo funciona en la página donde lo pediste: nadie puede usarlo ' +
      'sin acceso a tu correo, y sus intentos fallidos no gastan los tuyos.',
    voidedSubject: 'Un código para restablecer la contraseña de tu cuenta de Coach ya no funciona',
    voided:
      'Un código para restablecer la contraseña que te enviamos se introdujo mal {{max}} veces en ' +
      'la página donde se pidió, así que ya no funciona. Tu contraseña no ha cambiado.',
    voidedAdvice:
      'Si has sido tú, pide un código nuevo. Si no has pedido ningún código, no tienes que hacer ' +
      'nada: nadie puede cambiar tu contraseña sin acceso a tu correo.',
  },
  security: {
    subjects: {
      passkeyAdded: 'Se ha añadido una llave de acceso a tu cuenta de Coach',
      passkeyRemoved: 'Se ha quitado una llave de acceso de tu cuenta de Coach',
      authenticatorAdded: 'Se han activado los códigos de autenticación en tu cuenta de Coach',
      authenticatorRemoved: 'Se han desactivado los códigos de autenticación en tu cuenta de Coach',
      recoveryCodesRegenerated:
        'Se han creado códigos de recuperación nuevos para tu cuenta de Coach',
      passwordChanged: 'Se ha cambiado la contraseña de tu cuenta de Coach',
      signedInWithMailedCode:
        'Alguien ha iniciado sesión en tu cuenta de Coach con un código enviado por correo',
      wrongSecondStepCodes:
        'Se han introducido códigos de inicio de sesión incorrectos en tu cuenta de Coach',
    },
    what: {
      passkeyAdded: 'Se ha añadido una llave de acceso a tu cuenta de Coach.',
      passkeyRemoved: 'Se ha quitado una llave de acceso de tu cuenta de Coach.',
      authenticatorAdded:
        'Se ha configurado una aplicación de autenticación en tu cuenta de Coach: ahora, al iniciar sesión, también se piden sus códigos o una llave de acceso.',
      authenticatorRemoved:
        'Se ha quitado la aplicación de autenticación de tu cuenta de Coach, con sus códigos de recuperación.',
      recoveryCodesRegenerated:
        'Se han creado códigos de recuperación nuevos para tu cuenta de Coach; los anteriores ya no funcionan.',
      passwordChanged:
        'Se ha cambiado la contraseña de tu cuenta de Coach y se han cerrado sus otras sesiones.',
      signedInWithMailedCode:
        'Alguien ha iniciado sesión en tu cuenta de Coach con su contraseña y un código que te enviamos por correo, después de muchas contraseñas incorrectas.',
      wrongSecondStepCodes:
        'Alguien que conoce la contraseña de tu cuenta de Coach ha introducido {{count}} códigos de autenticación incorrectos desde un navegador que nunca había iniciado sesión en ella. Sus códigos se rechazan, pero conoce tu contraseña.',
    },
    when: 'Cuándo: {{when}} UTC.',
    from: 'Desde: {{browser}}.',
    unknownBrowser: 'un navegador desconocido',
    ifItWasYou: 'Si has sido tú, no tienes que hacer nada.',
    ifNotYou:
      'Si no has sido tú, abre este enlace: cierra al momento todas las sesiones de tu cuenta y te permite elegir una contraseña nueva:',
    changePassword:
      'Elige ahora una contraseña nueva: abre este enlace, cierra al momento todas las sesiones de tu cuenta y te envía un código:',
  },
  signIn: {
    codeSubject: 'Tu código para iniciar sesión en Coach',
    code: 'Tu código para iniciar sesión es {{code}}',
    codeWhy:
      'Se han probado muchas contraseñas incorrectas en tu cuenta, así que para iniciar sesión ' +
      'también te pedimos un código que te enviamos por correo. Introdúcelo en la página donde ' +
      'escribiste tu contraseña.',
    validity: {
      one: 'Es válido durante {{count}} minuto y solo se puede usar una vez. Si no has intentado iniciar sesión ahora, cambia tu contraseña: alguien la conoce.',
      other:
        'Es válido durante {{count}} minutos y solo se puede usar una vez. Si no has intentado iniciar sesión ahora, cambia tu contraseña: alguien la conoce.',
    },
    guessedSubject: 'Alguien está intentando adivinar la contraseña de tu cuenta de Coach',
    guessed:
      'En la última hora se han introducido {{max}} veces contraseñas incorrectas para tu cuenta ' +
      'de Coach, desde varias direcciones: puede que alguien esté intentando entrar en tu cuenta. ' +
      'Tu contraseña no ha cambiado y sigue funcionando.',
    guessedUntil:
      'Para protegerte, hasta el {{until}} iniciar sesión también te pedirá un código que te ' +
      'enviaremos por correo en ese momento.',
  },
  messageMail: {
    subject: 'Tu coach te ha enviado un mensaje',
    greetingNamed: 'Hola, {{name}}:',
    greeting: 'Hola:',
    someCoach: 'Tu coach',
    wrote: '{{coach}} te ha enviado un mensaje en Coach.',
    openApp: 'Abre tu app de Coach para leerlo y responder.',
  },
  morningMail: {
    subject: {
      one: '{{count}} cliente necesita tu atención',
      other: '{{count}} clientes necesitan tu atención',
    },
    greetingNamed: 'Buenos días, {{name}}:',
    greeting: 'Buenos días:',
    intro: {
      one: 'Este cliente necesita tu atención el {{day}}:',
      other: 'Estos {{count}} clientes necesitan tu atención el {{day}}:',
    },
    someClient: 'Un cliente',
    followUpsSubject: {
      one: '{{count}} seguimiento pendiente',
      other: '{{count}} seguimientos pendientes',
    },
    followUpsHeading: {
      one: 'Tu seguimiento pendiente el {{day}}:',
      other: 'Tus {{count}} seguimientos pendientes el {{day}}:',
    },
    followUpSince: 'desde el {{date}}',
    queue: {
      one: 'Atiende desde la cola al cliente que te necesita:',
      other: 'Atiende uno tras otro a los {{count}} clientes que te necesitan:',
    },
    queueLink: 'Abrir la cola',
    footer:
      'Recibes este correo a las {{hour}} ({{timezone}}) los días en que un cliente necesita ' +
      'atención o tienes un seguimiento pendiente. Para cambiar la hora o desactivarlo, abre Ajustes:',
    settings: 'Ajustes',
  },
  attention: spanishAttentionTexts,
};
