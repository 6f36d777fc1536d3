import type { ChangeEvent, ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface ContactFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
  minRows?: number;
  /** The keyboard a phone shows (e.g. numeric for amounts). */
  inputMode?: 'numeric' | 'text';
  /** Options of a native select; the field is a text input without them. */
  options?: ReactNode;
}

/**
 * MUI's outlined text field, composed from its parts. TextField imports Select, Menu, Popover and
 * Modal even for a native select; this form needs none of them, and its island loads less.
 */
export function ContactField({ id, name, label, value, onChange, required, error, helperText, type, autoComplete, multiline, minRows, inputMode, options }: ContactFieldProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth required={required} error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={options ? true : undefined}>
        {label}
      </InputLabel>
      {options ? (
        <NativeSelect input={<OutlinedInput label={label} notched />} inputProps={{ id, name }} value={value} onChange={onChange} aria-describedby={helperId}>
          {options}
        </NativeSelect>
      ) : (
        <OutlinedInput
          id={id}
          name={name}
          label={label}
          value={value}
          onChange={onChange}
          type={type}
          autoComplete={autoComplete}
          multiline={multiline}
          minRows={minRows}
          inputProps={inputMode ? { inputMode } : undefined}
          aria-describedby={helperId}
        />
      )}
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
