/** Origin-house slugs of the state legislative assemblies and the federative unit of each. */
export const ASSEMBLY_STATES: Readonly<Record<string, string>> = {
  aleac: 'AC', alal: 'AL', alap: 'AP', aleam: 'AM', alba: 'BA', alece: 'CE', cldf: 'DF', ales: 'ES',
  alego: 'GO', alema: 'MA', almt: 'MT', alms: 'MS', almg: 'MG', alepa: 'PA', alpb: 'PB', alep: 'PR',
  alepe: 'PE', alepi: 'PI', alerj: 'RJ', alern: 'RN', alrs: 'RS', alro: 'RO', alerr: 'RR', alesc: 'SC',
  alesp: 'SP', alese: 'SE', aleto: 'TO',
}
