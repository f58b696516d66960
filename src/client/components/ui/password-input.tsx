import { Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import { TextField, type TextFieldProps } from './text-field.tsx'

/** A password field with a button to show what was typed (fewer typos than a second field). */
export function PasswordInput(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      // Browsers and password managers keep working while the text is shown.
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={<ShowPasswordButton visible={visible} onToggle={() => setVisible((v) => !v)} />}
    />
  )
}

/** The eye button beside a password field: shows or hides what was typed. */
export function ShowPasswordButton({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const Icon = visible ? EyeOff : Eye
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={visible}
      aria-label="Show password"
      className="rounded-md p-2 text-slate-600 hover:bg-brand-50 hover:text-brand-800"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  )
}
