import type { SvgIconProps } from '@mui/material/SvgIcon';
import CloudIcon from '@mui/icons-material/Cloud';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import DnsIcon from '@mui/icons-material/Dns';
import HubIcon from '@mui/icons-material/Hub';
import LanguageIcon from '@mui/icons-material/Language';
import MemoryIcon from '@mui/icons-material/Memory';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PsychologyIcon from '@mui/icons-material/Psychology';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import RouterIcon from '@mui/icons-material/Router';
import SchoolIcon from '@mui/icons-material/School';
import SecurityIcon from '@mui/icons-material/Security';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import VpnLockIcon from '@mui/icons-material/VpnLock';

/** Icons are stored by Material name (categories, partners); only these are bundled. */
const ICONS = {
  Cloud: CloudIcon,
  CurrencyBitcoin: CurrencyBitcoinIcon,
  DirectionsCar: DirectionsCarIcon,
  Dns: DnsIcon,
  Hub: HubIcon,
  Language: LanguageIcon,
  Memory: MemoryIcon,
  Psychology: PsychologyIcon,
  RocketLaunch: RocketLaunchIcon,
  Router: RouterIcon,
  School: SchoolIcon,
  Security: SecurityIcon,
  ViewInAr: ViewInArIcon,
  VpnLock: VpnLockIcon,
} as const;

export function NamedIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = ICONS[name as keyof typeof ICONS] ?? NewspaperIcon;
  return <Icon aria-hidden="true" {...props} />;
}
