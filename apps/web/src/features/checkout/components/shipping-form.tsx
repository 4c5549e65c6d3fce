import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DEFAULT_QTY } from '@seguridad/contracts/constants';
import {
  paymentRedirectUrl,
  shippingFieldsSchema,
  type ShippingFormValues,
} from '@seguridad/contracts/http/payments';
import { checkoutTexts, paymentTexts, validationMessages } from '@seguridad/contracts/messages';
import { ApiRequestError } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/email-field';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { useCommunes } from '../api/get-communes';
import { useCurrentUser } from '../api/get-current-user';
import { useRegions } from '../api/get-regions';
import { useStartPurchase } from '../api/start-purchase';
import styles from '../checkout.module.css';

type ShippingFormProps = {
  planId: number;
  /** Sends the browser to the payment page (a full navigation; tests may replace it). */
  goToPayment?: (url: string) => void;
};

/** An unchosen select: the DOM value '' (the placeholder option), which the schema reads as missing. */
const NO_CHOICE = '' as unknown as number;

const emptyValues: ShippingFormValues = {
  email: '',
  name: '',
  last_name: '',
  phone: '',
  address: '',
  region_id: NO_CHOICE,
  comuna_id: NO_CHOICE,
  zip_code: '',
};

/**
 * Spec §4 Checkout, after login: the shipping data with name, e-mail and phone prefilled; the
 * communes of the chosen region; Comprar starts the payment and leaves for Flow's page.
 */
export function ShippingForm({
  planId,
  goToPayment = (url) => window.location.assign(url),
}: ShippingFormProps) {
  const currentUser = useCurrentUser(true);
  const regions = useRegions();
  const startPurchase = useStartPurchase();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    formState: { errors, isValid, isSubmitting, touchedFields },
  } = useForm<ShippingFormValues>({
    resolver: zodResolver(shippingFieldsSchema),
    mode: 'onTouched',
    defaultValues: emptyValues,
  });

  const regionId = useWatch({ control, name: 'region_id' });
  const chosenRegion = Number.isInteger(regionId) && regionId > 0 ? regionId : null;
  const communes = useCommunes(chosenRegion);

  // Prefill what the account knows, without overwriting what the buyer already typed.
  const user = currentUser.data?.user;
  useEffect(() => {
    if (!user) return;
    const known = {
      email: user.email,
      name: user.profile.name,
      last_name: user.profile.lastname,
      phone: user.profile.phone ?? '',
    };
    for (const [field, value] of Object.entries(known) as [keyof typeof known, string][]) {
      if (value && !getValues(field)) setValue(field, value, { shouldValidate: true });
    }
  }, [user, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const fields = shippingFieldsSchema.parse(values);
    try {
      const answer = await startPurchase.mutateAsync({ ...fields, product_id: planId, qty: DEFAULT_QTY });
      if (answer.code === 200 && answer.flowData.url && answer.flowData.token) {
        setLeaving(true);
        goToPayment(paymentRedirectUrl(answer.flowData));
        return;
      }
      setFailure(paymentTexts.startFailed);
    } catch (error) {
      // A server with no way to take payments says so in its own words; anything else is a failed start.
      const unavailable = error instanceof ApiRequestError && error.body?.error === 'payments_unavailable';
      setFailure(unavailable ? paymentTexts.unavailable : paymentTexts.startFailed);
    }
  });

  const regionField = register('region_id', {
    valueAsNumber: true,
    // A new region means a new list of communes: the old choice no longer applies.
    onChange: () => setValue('comuna_id', NO_CHOICE, { shouldValidate: Boolean(touchedFields.comuna_id) }),
  });

  return (
    <section className={styles.panel} aria-labelledby="shipping-title">
      <h2 id="shipping-title" className={styles.panelTitle}>
        {checkoutTexts.shippingTitle}
      </h2>
      {failure && <Alert tone="warning">{failure}</Alert>}
      <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting || leaving || undefined}>
        <div className={styles.row}>
          <TextField
            label="Nombre"
            autoComplete="given-name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Apellido"
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
        <div className={styles.row}>
          <EmailField label="Email" error={errors.email?.message} {...register('email')} />
          <TextField
            label="Teléfono"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
        <TextField
          label="Dirección"
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        <div className={styles.row}>
          <SelectField label="Región" error={errors.region_id?.message} {...regionField}>
            <option value="">Selecciona una región</option>
            {regions.data?.regiones.map((region) => (
              <option key={region.id} value={region.id}>
                {region.region}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Comuna"
            hint={chosenRegion === null ? validationMessages.communeNeedsRegion : undefined}
            error={errors.comuna_id?.message}
            aria-busy={communes.isFetching || undefined}
            {...register('comuna_id', { valueAsNumber: true })}
          >
            <option value="">Selecciona una comuna</option>
            {chosenRegion !== null &&
              communes.data?.comunas.map((commune) => (
                <option key={commune.id} value={commune.id}>
                  {commune.comuna}
                </option>
              ))}
          </SelectField>
        </div>
        <TextField
          label="Código postal (opcional)"
          autoComplete="postal-code"
          inputMode="numeric"
          error={errors.zip_code?.message}
          {...register('zip_code')}
        />
        <div className={styles.actions}>
          <Button type="submit" fullWidth disabled={!isValid} busy={isSubmitting || leaving}>
            {checkoutTexts.buy}
          </Button>
        </div>
      </form>
    </section>
  );
}
