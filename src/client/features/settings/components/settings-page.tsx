import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { Form, Group, TextInput } from '#client/components/ui/form/index.ts'
import { SocietySettingsQuery } from '../graphql/settings.query.ts'
import { useSettingsForm, type SettingsValues } from '../hooks/use-settings-form.ts'

/** `/admin/settings`: the society's name, look, time zone and bank details (superAdmins). */
export function SettingsPage() {
  const [{ data, error }] = useQuery({ query: SocietySettingsQuery })
  const s = data?.societySettings
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <title>Society Settings · Admin · Stagedoor</title>
      <h1 className="text-2xl font-bold text-brand-950">Society Settings</h1>
      <p className="mt-1 text-slate-700">
        Your society&rsquo;s name and look on every page, in emails and the installed app, and the account
        members and ticket buyers pay into.
      </p>
      {error ? <p role="alert">The settings could not be loaded. Reload to try again.</p> : null}
      {s ? (
        <SettingsForm
          initial={{
            name: s.name,
            shortName: s.shortName,
            logoUrl: s.logoUrl,
            accentColour: s.accentColour,
            supportEmail: s.supportEmail,
            timeZone: s.timeZone,
            bank: {
              accountName: s.accountName,
              sortCode: s.sortCode,
              accountNumber: s.accountNumber,
              referenceFormat: s.referenceFormat,
            },
          }}
        />
      ) : null}
    </div>
  )
}

function SettingsForm({ initial }: { initial: SettingsValues }) {
  const { form, message, onValid } = useSettingsForm(initial)
  return (
    <Form form={form} onSubmit={onValid} idPrefix="settings" message={message} className="mt-6 space-y-6">
      <Group legend="The society">
        <TextInput<SettingsValues> name="name" label="Name" required />
        <TextInput<SettingsValues>
          name="shortName"
          label="Short name"
          hint="For page titles and phones’ home screens."
          required
        />
        <TextInput<SettingsValues>
          name="logoUrl"
          label="Logo link"
          hint="An https:// link to an image; leave empty for the Stagedoor mark."
        />
        <TextInput<SettingsValues>
          name="accentColour"
          label="Accent colour"
          hint="A hex code such as #6a21d6, dark enough for white text."
        />
        <TextInput<SettingsValues> name="supportEmail" label="Support email" type="email" required />
        <TextInput<SettingsValues> name="timeZone" label="Time zone" hint="Such as Europe/London." />
      </Group>
      <Group legend="Bank details">
        <TextInput<SettingsValues> name="bank.accountName" label="Account name" />
        <TextInput<SettingsValues> name="bank.sortCode" label="Sort code" hint="Like 12-34-56." />
        <TextInput<SettingsValues> name="bank.accountNumber" label="Account number" hint="Eight digits." />
        <TextInput<SettingsValues>
          name="bank.referenceFormat"
          label="Reference format"
          hint="{ref} is replaced by each payment’s own code, e.g. SD-{ref}."
        />
      </Group>
      <Button type="submit" pending={form.formState.isSubmitting}>
        Save settings
      </Button>
    </Form>
  )
}
