import { graphql } from '#client/gql/gql.ts'

export const SocietySettingsQuery = graphql(`
  query SocietySettings {
    societySettings {
      name
      shortName
      logoUrl
      accentColour
      supportEmail
      timeZone
      accountName
      sortCode
      accountNumber
      referenceFormat
    }
  }
`)

export const UpdateSocietySettingsMutation = graphql(`
  mutation UpdateSocietySettings($input: SocietySettingsInput!) {
    updateSocietySettings(input: $input) {
      name
      shortName
      logoUrl
      accentColour
      supportEmail
      timeZone
      accountName
      sortCode
      accountNumber
      referenceFormat
    }
  }
`)
