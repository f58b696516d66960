import { graphql } from '#client/gql/gql.ts'

/** Everything the settings page shows and saves, read back after a save too. */
export const SocietySettingsFieldsFragment = graphql(`
  fragment SocietySettingsFields on SocietySettings {
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
`)

export const SocietySettingsQuery = graphql(`
  query SocietySettings {
    societySettings {
      ...SocietySettingsFields
    }
  }
`)

export const UpdateSocietySettingsMutation = graphql(`
  mutation UpdateSocietySettings($input: SocietySettingsInput!) {
    updateSocietySettings(input: $input) {
      ...SocietySettingsFields
    }
  }
`)
