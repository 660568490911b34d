import { HStack, Icon } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { IconType } from 'react-icons';
import {
  LuActivity,
  LuArrowDown,
  LuArrowUp,
  LuArrowUpDown,
  LuBrain,
  LuCalendar,
  LuCamera,
  LuChevronDown,
  LuChevronLeft,
  LuChevronRight,
  LuChevronUp,
  LuCircleAlert,
  LuCircleCheck,
  LuClock,
  LuDownload,
  LuEye,
  LuEyeOff,
  LuFileText,
  LuGlobe,
  LuHeartPulse,
  LuInfo,
  LuLogOut,
  LuMonitor,
  LuPlus,
  LuRotateCw,
  LuSettings,
  LuTrendingDown,
  LuUpload,
  LuUser,
  LuUsers,
  LuX,
} from 'react-icons/lu';
import { expect, within } from 'storybook/test';
import { DocTable } from './DocTable.tsx';

type ProductIcon = { name: string; component: string; icon: IconType; usage: string };

// The Lucide icons the product uses (react-icons/lu), by Lucide name.
const icons: ProductIcon[] = [
  { name: 'user', component: 'LuUser', icon: LuUser, usage: 'Profile picture fallback' },
  { name: 'users', component: 'LuUsers', icon: LuUsers, usage: "Menu: 'My clients'" },
  { name: 'settings', component: 'LuSettings', icon: LuSettings, usage: "Menu: 'Settings'" },
  { name: 'log-out', component: 'LuLogOut', icon: LuLogOut, usage: 'Menu: log out' },
  { name: 'chevron-left', component: 'LuChevronLeft', icon: LuChevronLeft, usage: 'Back' },
  {
    name: 'chevron-right',
    component: 'LuChevronRight',
    icon: LuChevronRight,
    usage: 'Breadcrumb separator, next',
  },
  { name: 'chevron-up', component: 'LuChevronUp', icon: LuChevronUp, usage: 'Collapse' },
  {
    name: 'chevron-down',
    component: 'LuChevronDown',
    icon: LuChevronDown,
    usage: 'Dropdown select, expand',
  },
  { name: 'arrow-up', component: 'LuArrowUp', icon: LuArrowUp, usage: 'Table sorted ascending' },
  {
    name: 'arrow-down',
    component: 'LuArrowDown',
    icon: LuArrowDown,
    usage: 'Table sorted descending',
  },
  {
    name: 'arrow-up-down',
    component: 'LuArrowUpDown',
    icon: LuArrowUpDown,
    usage: 'Table column not sorted',
  },
  { name: 'eye', component: 'LuEye', icon: LuEye, usage: 'Show password' },
  { name: 'eye-off', component: 'LuEyeOff', icon: LuEyeOff, usage: 'Hide password' },
  { name: 'x', component: 'LuX', icon: LuX, usage: 'Close a modal' },
  { name: 'plus', component: 'LuPlus', icon: LuPlus, usage: 'Invite a client, add' },
  { name: 'upload', component: 'LuUpload', icon: LuUpload, usage: 'Upload a profile picture' },
  { name: 'camera', component: 'LuCamera', icon: LuCamera, usage: 'Change the profile picture' },
  { name: 'file-text', component: 'LuFileText', icon: LuFileText, usage: 'Report' },
  { name: 'download', component: 'LuDownload', icon: LuDownload, usage: 'Download the report' },
  { name: 'calendar', component: 'LuCalendar', icon: LuCalendar, usage: 'Journey dates, schedule' },
  { name: 'clock', component: 'LuClock', icon: LuClock, usage: 'Last connected, last 24h' },
  { name: 'globe', component: 'LuGlobe', icon: LuGlobe, usage: 'Different timezone flag' },
  {
    name: 'activity',
    component: 'LuActivity',
    icon: LuActivity,
    usage: 'Engagement, activity history',
  },
  {
    name: 'heart-pulse',
    component: 'LuHeartPulse',
    icon: LuHeartPulse,
    usage: 'Physical wellbeing',
  },
  { name: 'brain', component: 'LuBrain', icon: LuBrain, usage: 'Mental wellbeing' },
  {
    name: 'trending-down',
    component: 'LuTrendingDown',
    icon: LuTrendingDown,
    usage: 'Lagging figure',
  },
  {
    name: 'monitor',
    component: 'LuMonitor',
    icon: LuMonitor,
    usage: 'Blocking screen: screen too small',
  },
  {
    name: 'rotate-cw',
    component: 'LuRotateCw',
    icon: LuRotateCw,
    usage: 'Blocking screen: turn to landscape',
  },
  { name: 'info', component: 'LuInfo', icon: LuInfo, usage: 'Info toast' },
  { name: 'circle-check', component: 'LuCircleCheck', icon: LuCircleCheck, usage: 'Success toast' },
  {
    name: 'circle-alert',
    component: 'LuCircleAlert',
    icon: LuCircleAlert,
    usage: 'Error toast, field error',
  },
];

const meta = {
  title: 'Foundations/Icons',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Icons come from Lucide through `react-icons/lu` only. An icon beside a text label is ' +
          'decorative (`aria-hidden`); an icon alone on a button needs an `aria-label`.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every icon the product uses, by Lucide name, with its react-icons component and its use. */
export const Catalogue: Story = {
  render: () => (
    <DocTable
      caption="Icons in use (react-icons/lu)"
      columns={['Lucide name', 'Icon', 'Component', 'Used for']}
      rows={icons.map(({ name, component, icon, usage }) => ({
        key: name,
        cells: [
          name,
          <HStack key="icon" gap="3" color="fg">
            <Icon as={icon} boxSize="5" aria-hidden />
            <Icon as={icon} boxSize="8" aria-hidden />
          </HStack>,
          component,
          usage,
        ],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['user', 'log-out', 'arrow-up', 'eye-off', 'heart-pulse', 'monitor']) {
      const row = canvas.getByRole('rowheader', { name }).closest('tr');
      await expect(row?.querySelectorAll('svg')).toHaveLength(2);
    }
  },
};
