import { useMemo, useState } from 'react';
import {
  useController,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { TObject } from '@sinclair/typebox';
import { secondFactorMessages as m } from '@portal/contracts/second-factor';
import { codeProblem, type CodeFieldProps } from '../components/code-field.js';
import { firstFailingCheck } from './form-checks.js';

/** A form whose call carries a second-factor `code` (and perhaps more, such as the login's ticket). */
export interface WithCode {
  code: string;
}

/** The call's schema, then the code's form: six digits, or a recovery code when that is chosen. */
export function codeResolver<V extends WithCode>(schema: TObject, recovery: boolean): Resolver<V> {
  return firstFailingCheck<V>({
    schema,
    checks: [
      {
        field: 'code',
        message: (values) => codeProblem(values.code, recovery) ?? m.codeInvalid,
        fails: (values) => codeProblem(values.code, recovery) !== undefined,
      },
      { field: 'code', message: recovery ? m.recoveryInvalid : m.codeInvalid, fails: 'schema' },
    ],
    trimmed: ['code'],
  });
}

export interface CodeForm<V extends WithCode> {
  form: UseFormReturn<V>;
  recovery: boolean;
  setRecovery: (recovery: boolean) => void;
  /** The props of `CodeField` for this form (value, change, error, the recovery toggle). */
  field: Pick<CodeFieldProps, 'value' | 'onChange' | 'error' | 'recovery' | 'onRecoveryChange'>;
  /** An answer refusing the code, shown under the field. */
  refuse: (message: string) => void;
}

/**
 * The one form of every place that asks for the second factor's code (the login's second step,
 * step-up, enrolment, removal): react-hook-form on the call's contract schema, the code checked
 * as six digits or, once 使用恢复码 is chosen, as a recovery code.
 */
export function useCodeForm<V extends WithCode>(schema: TObject, defaultValues: DefaultValues<V>): CodeForm<V> {
  const [recovery, setRecovery] = useState(false);
  const resolver = useMemo(() => codeResolver<V>(schema, recovery), [schema, recovery]);
  const form = useForm<V>({ resolver, reValidateMode: 'onSubmit', defaultValues });
  const { field } = useController({ control: form.control, name: 'code' as Path<V> });
  const errors = form.formState.errors as FieldErrors<WithCode>;
  return {
    form,
    recovery,
    setRecovery,
    field: {
      value: field.value as string,
      onChange: field.onChange,
      error: errors.code?.message,
      recovery,
      onRecoveryChange: setRecovery,
    },
    refuse: (message) => form.setError('code' as Path<V>, { type: 'server', message }),
  };
}
