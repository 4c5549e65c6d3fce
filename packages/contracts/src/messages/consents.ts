export const consentMessages = {
  title: 'Consentimientos',
  intro:
    'Lo que aceptaste en la plataforma, con la versión del texto y la fecha. Puedes retirar los que dependen solo de ti; el retiro no afecta lo ocurrido antes.',
  empty: 'Aún no has dado ningún consentimiento.',
  version: (version: string) => `Versión ${version}`,
  grantedOn: (date: string) => `Aceptado el ${date}`,
  withdrawnOn: (date: string) => `Retirado el ${date}`,
  active: 'Vigente',
  withdrawn: 'Retirado',
  withdraw: 'Retirar',
  withdrawing: 'Retirando…',
  withdrawnNotice: 'Consentimiento retirado.',
  notFound: 'Ese consentimiento no existe.',
  notWithdrawable: 'Este consentimiento no se puede retirar: es un aviso que ya se te mostró.',
  alreadyWithdrawn: 'Este consentimiento ya estaba retirado.',
  recordingNotShown: 'La llamada no se está grabando.',
} as const;
