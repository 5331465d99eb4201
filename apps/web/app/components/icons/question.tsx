import { Icon, type IconProps } from "./icon";

export function QuestionIcon(props: IconProps) {
  return <Icon name="question" {...props} />;
}
