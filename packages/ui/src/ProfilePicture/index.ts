export {
  ProfilePicture,
  type ProfilePictureProps,
  type ProfilePictureSize,
} from './ProfilePicture.tsx';
