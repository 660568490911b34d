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
      'Hoy se han introducido {{max}} veces códigos incorrectos para restablecer la contraseña de ' +
      'tu cuenta de Coach, desde varias direcciones: puede que alguien esté intentando entrar en ' +
      'tu cuenta. Tu contraseña no ha cambiado y puedes seguir iniciando sesión con ella.',
    guessedUntil:
      'Para protegerte, no se podrán comprobar códigos hasta el {{until}}. Si necesitas ' +
      'restablecer tu contraseña antes, pídeselo a tu coach o al equipo de Coach.',
    voidedSubject: 'Códigos incorrectos para restablecer la contraseña de tu cuenta de Coach',
    voided:
      'Alguien ha introducido {{max}} códigos incorrectos para restablecer la contraseña de tu ' +
      'cuenta de Coach, así que el código ya no es válido. Tu contraseña no ha cambiado.',
    voidedAdvice:
      'Si has sido tú, pide un código nuevo. Si no, no tienes que hacer nada, pero avisa a tu ' +
      'coach o al equipo de Coach si vuelve a ocurrir.',
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
    footer:
      'Recibes este correo a las {{hour}} ({{timezone}}) los días en que un cliente necesita ' +
      'atención. Para cambiar la hora o desactivarlo, abre Ajustes:',
    settings: 'Ajustes',
  },
  attention: spanishAttentionTexts,
};
