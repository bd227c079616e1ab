/** A value no form can describe (a module's settings): edited as JSON, refused when it does not parse. */
import { Component, createElement } from 'react';
import { fromJS, isImmutable } from 'immutable';

interface Props {
  value?: unknown;
  onChange: (value: unknown) => void;
  forID: string;
  classNameWrapper: string;
  setActiveStyle: () => void;
  setInactiveStyle: () => void;
}

const asText = (value: unknown) =>
  value === undefined || value === null ? '' : JSON.stringify(isImmutable(value) ? value.toJS() : value, null, 2);

export class JsonControl extends Component<Props, { text: string }> {
  state = { text: asText(this.props.value) };

  /** Decap asks each widget before saving: a text that is not JSON keeps the form open with this message. */
  isValid = () => {
    try {
      if (this.state.text.trim()) JSON.parse(this.state.text);
      return true;
    } catch (error) {
      return { error: { message: `JSON illisible : ${(error as Error).message}` } };
    }
  };

  change = (text: string) => {
    this.setState({ text });
    try {
      this.props.onChange(text.trim() ? fromJS(JSON.parse(text)) : undefined);
    } catch {
      // Not JSON yet: isValid() says so at save time; the text stays as typed.
    }
  };

  render() {
    return createElement('textarea', {
      id: this.props.forID,
      className: this.props.classNameWrapper,
      value: this.state.text,
      rows: 6,
      spellCheck: false,
      style: { fontFamily: 'monospace' },
      onFocus: this.props.setActiveStyle,
      onBlur: this.props.setInactiveStyle,
      onChange: (event: { target: { value: string } }) => this.change(event.target.value),
    });
  }
}
