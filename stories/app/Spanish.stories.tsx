import { Stack } from '@chakra-ui/react';
import {
  createHandlers,
  createMockState,
  demoCoachCredentials,
  fixtureIds,
  fixtureInviteTokens,
  fixtureTokens,
  mockClientIds,
  seedAuthenticator,
  seedPasskey,
  seedPasswordEntered,
} from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AuthLayout } from '../../packages/app/src/core/layout/index.ts';
import { ScreenSizeMessage } from '../../packages/app/src/core/screenSize/index.ts';
import { SignInScreen } from '../../packages/app/src/features/auth/index.ts';
import {
  ProfileActions,
  ReportsSection,
} from '../../packages/app/src/features/clientProfile/index.ts';
import { InviteAcceptanceScreen } from '../../packages/app/src/features/inviteAcceptance/index.ts';
import { PasswordResetScreen } from '../../packages/app/src/features/passwordReset/index.ts';
import { SignInMethodsSection } from '../../packages/app/src/features/settings/index.ts';
import { animationsSettled } from '../ui/fixtures/openDialog.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { chooseOption } from './chooseOption.ts';
import { expectSpanishPage } from './expectSpanish.ts';
import { expectToast } from './expectToast.ts';
import { openModal } from './profileActionsStory.ts';
import { renderApp } from './signedInScreen.tsx';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';
import { withMockAuthenticator } from './withMockAuthenticator.tsx';

/**
 * Every screen of the app in Spanish (the `locale` global): Spanish texts, dates and numbers, and
 * no raw translation key nor English text of the app anywhere on the page.
 */
const meta = {
  title: 'App/Journeys/Spanish',
  globals: { locale: 'es' },
  decorators: [withCoachApi, withAppRootFontSize],
  // Each page whole, not its first screen only: every text of it compared (the test runner
  // unrolls the page, `.storybook/test-runner.ts`). 'App/Journeys/Every width and language' shows
  // them at the other widths.
  parameters: { docs: { story: ownFrame() }, layout: 'fullscreen', snapshot: { fullPage: true } },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A dialog's story: its picture is the window, the first screen, as the coach sees the dialog
 * over the page; a page unrolled under a modal dialog is no screen a coach meets.
 */
const dialogPicture = { snapshot: { fullPage: false } };

/** The signed-in app at a route, the demo coach signed in from stored tokens. */
const signedIn = (route: string): Story => ({
  render: renderApp,
  parameters: { route, session: { tokens: fixtureTokens.coach } },
});

/** Sign-in: the form in Spanish and its validation messages. */
export const SignIn: Story = {
  render: () => (
    <AuthLayout>
      <SignInScreen />
    </AuthLayout>
  ),
  parameters: { route: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Iniciar sesión' }));
    await expect(await canvas.findByText('El correo electrónico es obligatorio')).toBeVisible();
    await expect(canvas.getByText('La contraseña es obligatoria')).toBeVisible();
    await expectSpanishPage('Correo electrónico', 'Contraseña', 'Mostrar contraseña');
  },
};

/** Forgot password: step 2 of 3, the code sent, with its Spanish hint and resend link. */
export const ForgotPassword: Story = {
  render: () => (
    <AuthLayout>
      <PasswordResetScreen />
    </AuthLayout>
  ),
  parameters: { route: '/changePassword' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
    await expect(canvas.getByText('Paso 1 de 3')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Correo electrónico'), demoCoachCredentials.email);
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(await canvas.findByLabelText('Código')).toHaveValue('');
    await expect(
      canvas.getByText('Escribe el código de 6 dígitos enviado a coach@example.com.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'envíame un código nuevo' })).toBeVisible();
    await expectSpanishPage('Paso 2 de 3', 'Volver a iniciar sesión');
  },
};

/** An invite's page: who invited the client, the account's fields and the button, in Spanish. */
export const InviteAcceptance: Story = {
  render: () => (
    <AuthLayout>
      <InviteAcceptanceScreen />
    </AuthLayout>
  ),
  parameters: { route: `/invite?token=${fixtureInviteTokens.valid}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Nombre')).toHaveValue('');
    await expect(canvas.getByRole('heading', { name: 'Únete a Coach' })).toBeVisible();
    await expect(
      canvas.getByText('Alex Morgan te ha invitado a Coach. Crea tu cuenta para empezar.'),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Correo electrónico')).toHaveValue('sam.taylor@example.com');
    await expectSpanishPage('Zona horaria', 'Confirmar contraseña', 'Crear cuenta');
  },
};

/** Handlers over a state where the demo coach has a passkey and the authenticator app. */
function coachWithSecondFactors() {
  const state = createMockState();
  seedPasskey(state, { userId: fixtureIds.coachUser });
  seedAuthenticator(state, fixtureIds.coachUser);
  return createHandlers({ state });
}

/**
 * The second step after the right password, for a coach with a passkey and the authenticator
 * app: a wrong code says so in Spanish.
 */
export const SecondStep: Story = {
  render: () => (
    <AuthLayout>
      <SignInScreen />
    </AuthLayout>
  ),
  decorators: [withMockAuthenticator],
  parameters: { route: '/' },
  beforeEach({ msw }) {
    msw.use(...coachWithSecondFactors());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText('Correo electrónico'),
      demoCoachCredentials.email,
    );
    await userEvent.type(canvas.getByLabelText('Contraseña'), demoCoachCredentials.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Iniciar sesión' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Confirma que eres tú' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Usar una llave de acceso' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Código de tu app de autenticación'), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Iniciar sesión' }));
    await expect(await canvas.findByText('Código incorrecto')).toBeVisible();
    await expectSpanishPage('Los 6 dígitos que muestra la app ahora.', 'Volver a iniciar sesión');
  },
};

/** REQUIRE_MFA: the enrolment screen in place of My clients, 'Cerrar sesión' at its top. */
export const EnrolmentScreen: Story = {
  ...signedIn('/clients'),
  decorators: [withMockAuthenticator],
  parameters: {
    ...signedIn('/clients').parameters,
    authenticator: { credentialIds: [] },
  },
  beforeEach({ msw }) {
    msw.use(...createHandlers({ requireSecondFactor: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        name: 'Configura un segundo método de inicio de sesión',
      }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await expect(await canvas.findByText('Aún no hay llaves de acceso.')).toBeVisible();
    await expectSpanishPage('Añadir una llave de acceso', 'Configurar una app de autenticación');
  },
};

/** Settings' sign-in methods section alone, for the coach, with the browser's stand-in authenticator. */
const signInMethodsSection = {
  render: () => (
    <Stack padding="6" maxWidth="2xl">
      <SignInMethodsSection />
    </Stack>
  ),
  decorators: [withMockAuthenticator],
  parameters: { session: { tokens: fixtureTokens.coach } },
} satisfies Story;

/** Settings' sign-in methods: a passkey with its Spanish dates, the app on, the codes left. */
export const SignInMethods: Story = {
  ...signInMethodsSection,
  beforeEach({ msw }) {
    msw.use(...coachWithSecondFactors());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('MacBook Touch ID')).toBeVisible();
    await expect(
      canvas.getByText(/^Añadida el 3 feb 2025 · último uso el 14 mar 2025$/),
    ).toBeVisible();
    await expect(canvas.getByText('Activada desde el 10 feb 2025')).toBeVisible();
    await expect(canvas.getByText('Te quedan 10 códigos de recuperación')).toBeVisible();
    await expectSpanishPage('Llaves de acceso', 'App de autenticación', 'Quitar');
  },
};

/** Setting up the authenticator app: its QR code, the key as text and the first code's field. */
export const AuthenticatorEnrolment: Story = {
  ...signInMethodsSection,
  parameters: { ...signInMethodsSection.parameters, ...dialogPicture },
  beforeEach({ msw }) {
    // Signed in with the password a minute ago: adding a factor asks for no proof more.
    const state = createMockState();
    seedPasswordEntered(state, fixtureTokens.coach.accessToken);
    msw.use(...createHandlers({ state }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Configurar una app de autenticación' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    const qrCode = await dialog.findByRole('img', {
      name: 'Código QR para tu app de autenticación',
    });
    await waitFor(() => expect(qrCode).toBeVisible());
    await expect(dialog.getByLabelText('Código de la app')).toBeVisible();
    await animationsSettled();
    await expectSpanishPage('O escribe esta clave en la app:', 'Copiar clave', 'Activar');
  },
};

/** My clients: the menu, the table's columns, the reasons for attention and Spanish figures. */
export const Clients: Story = {
  ...signedIn('/clients'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Clientes' });
    await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
    await expect(canvas.getByRole('heading', { name: 'Mis clientes', level: 1 })).toBeVisible();
    const nav = within(canvas.getByRole('navigation', { name: 'Principal' }));
    await expect(nav.getByRole('link', { name: 'Ajustes' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    const headers = within(table).getAllByRole('columnheader');
    await expect(headers[0]).toHaveTextContent('Nombre/Apellidos');
    await expect(within(table).getAllByText(/^Requiere atención/).length).toBeGreaterThan(0);
    // Spanish dates: 'desde el 12 nov', never 'since Nov 12'.
    await expect(within(table).getAllByText(/desde el \d+ [a-z]{3}/).length).toBeGreaterThan(0);
    await expectSpanishPage('Invitar cliente', 'Invitaciones pendientes', 'Fase');
  },
};

/** A client's profile: header, journey, engagement, its groups and panel, all in Spanish. */
export const ClientProfile: Story = {
  ...signedIn(`/clients/${mockClientIds.jamie}`),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Jamie Lee' })).toBeVisible();
    await expect(canvas.getByText('Otra zona horaria')).toBeVisible();
    const journey = await canvas.findByRole('region', { name: 'Proceso' });
    await expect(within(journey).getByText('Día 5 de Sentir')).toBeVisible();
    const engagement = await canvas.findByRole('region', { name: 'Participación (48 h)' });
    // Spanish numbers: a decimal comma.
    await expect(within(engagement).getByRole('meter')).toHaveAttribute(
      'aria-valuetext',
      '3,2 h de 10,0 h',
    );
    await expect(within(engagement).getByText('Última conexión hace 50 minutos')).toBeVisible();
    await expectSpanishPage('Resumen', 'Evaluaciones', 'Notas e historial');
  },
};

/** Settings: the profile form, the password and the morning mail in Spanish. */
export const Settings: Story = {
  ...signedIn('/settings'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Nombre')).toHaveValue('Alex');
    await expect(canvas.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
    await expect(canvas.getByLabelText('Apellidos')).toHaveValue('Morgan');
    await expect(canvas.getByRole('button', { name: 'Cambiar contraseña' })).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Nombre'));
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }));
    await expect(await canvas.findByText('El nombre es obligatorio')).toBeVisible();
    await expectSpanishPage('Sobre mí', 'Correo matutino', 'Foto de perfil');
  },
};

/**
 * The language choice at the end of Settings: a coach in English picks Español; it is saved and
 * the whole screen speaks Spanish at once, the toast included.
 */
export const ChoosingSpanishInSettings: Story = {
  ...signedIn('/settings'),
  globals: { locale: 'en-US' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = await canvas.findByRole('combobox', { name: 'Language' });
    await expect(select).toHaveTextContent('English');
    await chooseOption(select, 'Language', 'Español');
    await expectToast('Idioma guardado');
    await expect(canvas.getByRole('combobox', { name: 'Idioma' })).toHaveTextContent('Español');
    await expect(canvas.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
    await expectSpanishPage('Correo matutino', 'Guardar ajustes del correo');
  },
};

/** The invite dialog over My clients, with its validation message. */
export const InviteDialog: Story = {
  ...signedIn('/clients'),
  parameters: { ...signedIn('/clients').parameters, ...dialogPicture },
  play: async ({ canvasElement }) => {
    const { modal } = await openModal(canvasElement, 'Invitar cliente', 'Invitar cliente');
    await expect(modal.getByText(/Le enviaremos por correo un enlace/)).toBeVisible();
    await userEvent.click(modal.getByRole('button', { name: 'Enviar invitación' }));
    await expect(await modal.findByText('El correo electrónico es obligatorio')).toBeVisible();
    await expectSpanishPage('Cancelar', 'Cerrar');
  },
};

/** 'Start next phase' for Maria (in Learn): the goals, breaths per minute and the warning. */
export const MovePhaseDialog: Story = {
  render: () => <ProfileActions clientId={mockClientIds.maria} />,
  parameters: { layout: 'padded', session: { tokens: fixtureTokens.coach }, ...dialogPicture },
  play: async ({ canvasElement }) => {
    const { modal } = await openModal(
      canvasElement,
      'Empezar la siguiente fase',
      'Empezar la siguiente fase',
    );
    await expect(modal.getByText('Sentir')).toBeVisible();
    await expect(modal.getByRole('checkbox', { name: 'Respiración' })).toBeVisible();
    await expect(modal.getByText(/no se puede volver a la anterior/)).toBeVisible();
    await userEvent.click(modal.getByRole('button', { name: 'Empezar Sentir' }));
    await expect(await modal.findByText('Elige al menos un objetivo')).toBeVisible();
    await userEvent.click(modal.getByRole('combobox', { name: 'Respiraciones por minuto' }));
    const listbox = await screen.findByRole('listbox', { name: 'Respiraciones por minuto' });
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10 resp./min', '8 resp./min', '6 resp./min']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await animationsSettled();
    await expectSpanishPage('Objetivos a elegir', 'Cancelar');
  },
};

/** 'Generate report' for Jamie, over the reports list with its Spanish dates. */
export const ReportDialog: Story = {
  render: () => (
    <Stack gap="6" padding="6" maxWidth="3xl">
      <ProfileActions clientId={mockClientIds.jamie} />
      <ReportsSection clientId={mockClientIds.jamie} />
    </Stack>
  ),
  parameters: { session: { tokens: fixtureTokens.coach }, ...dialogPicture },
  play: async ({ canvasElement }) => {
    const reports = await within(canvasElement).findByRole('region', { name: 'Informes' });
    await waitFor(() => expect(reports).not.toHaveAttribute('aria-busy'));
    await expect(within(reports).getAllByText(/^Generado el /).length).toBeGreaterThan(0);
    const { modal } = await openModal(canvasElement, 'Generar informe', 'Generar informe');
    for (const label of [
      'Bienestar mental',
      'Bienestar físico',
      'Productividad',
      'Comentarios finales del coach',
    ]) {
      await expect(modal.getByLabelText(label)).toBeVisible();
    }
    await expect(modal.getAllByText('0/500')).toHaveLength(4);
    await expectSpanishPage('Generar', 'Cancelar');
  },
};

/** The blocking screen under 1004 px wide. */
export const ScreenTooSmall: Story = {
  render: () => <ScreenSizeMessage reason="higherResolution" />,
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveAccessibleName(
      'La app Coach está disponible para pantallas de mayor resolución',
    );
    await expectSpanishPage('Ábrela en una pantalla de al menos 1004 píxeles de ancho');
  },
};

/** The blocking screen of a rotatable device held upright. */
export const PortraitDevice: Story = {
  render: () => <ScreenSizeMessage reason="landscape" />,
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveAccessibleName('La app Coach está disponible en modo horizontal');
    await expectSpanishPage('Gira el dispositivo para continuar.');
  },
};
