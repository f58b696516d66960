import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { societySettingsSchema, type SocietySettingsInput } from '#core/society/society-settings.schemas.ts'
import { zodResolver } from '#client/components/ui/form/index.ts'
import { useSetSociety } from '#client/lib/society.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { UpdateSocietySettingsMutation } from '../graphql/settings.query.ts'

export type SettingsValues = Required<Omit<SocietySettingsInput, 'bank'>> & {
  bank: { accountName: string; sortCode: string; accountNumber: string; referenceFormat: string }
}

/** The settings form: the shared schema checks it here and on the server; a save shows at once. */
export function useSettingsForm(initial: SettingsValues) {
  const form = useForm<SettingsValues>({
    defaultValues: initial,
    resolver: zodResolver<SettingsValues>(societySettingsSchema),
  })
  const [message, setMessage] = useState<string | null>(null)
  const update = useAppMutation(UpdateSocietySettingsMutation, { report: 'inline' })
  const setSociety = useSetSociety()
  const onValid = async (values: SettingsValues) => {
    setMessage(null)
    const outcome = await update.run(
      { input: values },
      { form: { setError: form.setError }, success: 'Settings saved.' },
    )
    if (!outcome.ok) return setMessage(outcome.message)
    const saved = outcome.data.updateSocietySettings
    setSociety({
      name: saved.name,
      shortName: saved.shortName,
      logoUrl: saved.logoUrl,
      accentColour: saved.accentColour,
      supportEmail: saved.supportEmail,
    })
  }
  return { form, message, onValid }
}
