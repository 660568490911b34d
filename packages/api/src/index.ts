export {
  defaultServiceBaseUrls,
  type ServiceBaseUrls,
  type ServiceName,
  serviceNames,
} from './services.ts';
