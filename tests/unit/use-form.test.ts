import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api';
import {
  failureOf,
  fieldAria,
  fieldsOr,
  formReducer,
  messageBesideFields,
  messagesAsField,
  useForm,
  type FieldErrors,
  type UseFormState,
} from '~/islands/shared/use-form';

const idle: UseFormState = { pending: false, errors: {}, message: null, failures: 0 };

describe('the form hook: failures as forms show them (core §8)', () => {
  it('takes the field messages of a 422 and its message', () => {
    const f = failureOf(new ApiError(422, 'The given data was invalid.', { email: ['The email has already been taken.'] }));
    expect(f).toEqual({ status: 422, errors: { email: ['The email has already been taken.'] }, message: 'The given data was invalid.' });
  });

  it('keeps field messages out of any other status', () => {
    const f = failureOf(new ApiError(403, 'This action is unauthorized.', { email: ['stray'] }));
    expect(f).toEqual({ status: 403, errors: {}, message: 'This action is unauthorized.' });
  });

  it('uses the error’s own message, or the form’s fallback when there is none', () => {
    expect(failureOf(new Error('Your card was declined.'), 'Could not pay.')).toEqual({ status: null, errors: {}, message: 'Your card was declined.' });
    expect(failureOf('boom', 'Could not pay.').message).toBe('Could not pay.');
    expect(failureOf(new Error(''), 'Could not pay.').message).toBe('Could not pay.');
    expect(failureOf(undefined).message).toBe('Something went wrong, please try again.');
  });

  it('puts the message under one field when a failure has no field messages', () => {
    const server = failureOf(new ApiError(500, 'Something went wrong on our side. Please try again.'));
    expect(messagesAsField(server, 'form', 'Could not save.')).toEqual({ form: ['Something went wrong on our side. Please try again.'] });
    expect(messagesAsField(failureOf(new TypeError('Failed to fetch')), 'url', 'Could not save.')).toEqual({ url: ['Could not save.'] });
    const invalid = failureOf(new ApiError(422, 'Invalid.', { url: ['Enter a feed address.'] }));
    expect(messagesAsField(invalid, 'url', 'Could not save.')).toEqual({ url: ['Enter a feed address.'] });
  });

  it('shows a general message only when no field has one', () => {
    const offline = 'We could not reach Cuepoint.';
    expect(messageBesideFields(failureOf(new ApiError(422, 'Invalid.', { email: ['Taken.'] })), offline)).toBeNull();
    expect(messageBesideFields(failureOf(new ApiError(429, 'Too many attempts.')), offline)).toBe('Too many attempts.');
    expect(messageBesideFields(failureOf(new TypeError('Failed to fetch')), offline)).toBe(offline);
  });

  it('sends a 422 to the fields and anything else to a toast', () => {
    const fields: FieldErrors[] = [];
    const toasts: string[] = [];
    const report = fieldsOr({ fail: (e) => fields.push(e) }, (m) => toasts.push(m));
    report(failureOf(new ApiError(422, 'Invalid.', { domain: ['Enter a domain.'] })));
    report(failureOf(new ApiError(409, 'The site is already added.')));
    expect(fields).toEqual([{ domain: ['Enter a domain.'] }]);
    expect(toasts).toEqual(['The site is already added.']);
  });
});

describe('the form hook: its state', () => {
  it('is pending from the submit until it ends, with the last messages cleared at the start', () => {
    const failed: UseFormState = { pending: false, errors: { name: ['Required.'] }, message: 'Invalid.', failures: 1 };
    const started = formReducer(failed, { type: 'start' });
    expect(started).toEqual({ pending: true, errors: {}, message: null, failures: 1 });
    expect(formReducer(started, { type: 'done' })).toEqual({ ...started, pending: false });
  });

  it('counts only failures with a field message, so focus moves once per such failure', () => {
    const once = formReducer({ ...idle, pending: true }, { type: 'fail', errors: { cvc: ['Your card’s security code is incomplete.'] }, message: null });
    expect(once).toEqual({ pending: false, errors: { cvc: ['Your card’s security code is incomplete.'] }, message: null, failures: 1 });
    const messageOnly = formReducer(once, { type: 'fail', errors: {}, message: 'Your card was declined.' });
    expect(messageOnly.failures).toBe(1);
    expect(formReducer(once, { type: 'fail', errors: { cvc: [''] }, message: null }).failures).toBe(1);
  });

  it('clears one field’s message when it is edited and leaves the others', () => {
    const state: UseFormState = { ...idle, errors: { first_name: ['Required.'], last_name: ['Too long.'] }, failures: 1 };
    expect(formReducer(state, { type: 'clear', field: 'first_name' }).errors).toEqual({ last_name: ['Too long.'] });
    expect(formReducer(state, { type: 'clear', field: 'email' })).toBe(state);
  });

  it('resets messages without ending a submit in flight', () => {
    const state: UseFormState = { pending: true, errors: { coupon: ['Expired.'] }, message: 'Declined.', failures: 1 };
    expect(formReducer(state, { type: 'reset' })).toEqual({ pending: true, errors: {}, message: null, failures: 1 });
    expect(formReducer(idle, { type: 'message', message: 'Saved elsewhere.' }).message).toBe('Saved elsewhere.');
  });

  it('marks a field invalid and points it at its message only while it has one', () => {
    expect(fieldAria({ email: ['Taken.'] }, 'email', 'e-err')).toEqual({ 'aria-invalid': true, 'aria-describedby': 'e-err' });
    expect(fieldAria({ email: [] }, 'email', 'e-err')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
    expect(fieldAria({}, 'email', 'e-err')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
  });
});

/** A form of one field with messages from the server, as a page renders it before hydration. */
function Form() {
  const form = useForm({ initialErrors: { email: ['Taken.'] }, initialMessage: 'Check the form.' });
  return createElement(
    'form',
    { ref: form.formRef },
    createElement('p', { role: 'alert' }, form.message),
    createElement('input', { name: 'email', ...form.aria('email', 'email-error') }),
    createElement('span', { id: 'email-error' }, form.error('email')),
    createElement('input', { name: 'name', ...form.aria('name', 'name-error') }),
    createElement('button', { type: 'submit', disabled: form.pending, 'data-invalid': String(form.invalid) }, 'Save'),
  );
}

describe('the form hook in a component', () => {
  it('renders the messages the server gave a form posted before hydration', () => {
    const html = renderToString(createElement(Form));
    expect(html).toContain('<p role="alert">Check the form.</p>');
    expect(html).toContain('<input aria-invalid="true" aria-describedby="email-error" name="email"/>');
    expect(html).toContain('<span id="email-error">Taken.</span>');
    expect(html).toContain('<input name="name"/>');
    expect(html).toContain('<button type="submit" data-invalid="true">Save</button>');
  });
});
